/** One event of a Chromium trace (Chrome's Trace Event Format), the fields the web benches read. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; fileName?: string; data?: Record<string, unknown> };
}
