import { useEffect, useRef, useState, type RefObject } from 'react';
import SignaturePad from 'signature_pad';
import { SIGNATURE_HEIGHT as HEIGHT, SIGNATURE_WIDTH as WIDTH, toBlob, typedSignature } from '../utils/signature-image.ts';

export interface SignaturePadState {
  /** The drawing area. */
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** Something is drawn. */
  drawn: boolean;
  /** The name typed instead of drawing. */
  typed: string;
  setTyped: (typed: string) => void;
  busy: boolean;
  error: string | undefined;
  clear: () => void;
  /** Signs with the drawing (else the typed name, written on an image), then clears both. */
  sign: () => Promise<void>;
}

/** A signature pad on the canvas, the typed alternative, and signing with either through `onSign`. */
export function useSignaturePad(onSign: (image: Blob, preview: string) => Promise<void> | void): SignaturePadState {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Drawn at the screen's pixel density, so the stored image is sharp.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = WIDTH * ratio;
    canvas.height = HEIGHT * ratio;
    canvas.getContext('2d')!.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(0,0,0)' });
    pad.addEventListener('endStroke', () => setDrawn(!pad.isEmpty()));
    padRef.current = pad;
    return () => pad.off();
  }, []);

  const clear = () => {
    padRef.current?.clear();
    setDrawn(false);
  };

  const sign = async () => {
    const pad = padRef.current;
    const source = drawn && pad && !pad.isEmpty() ? canvasRef.current! : typed.trim() ? typedSignature(typed.trim()) : undefined;
    if (!source) return setError('Draw a signature or type a name first.');
    setBusy(true);
    setError(undefined);
    try {
      await onSign(await toBlob(source), source.toDataURL('image/png'));
      clear();
      setTyped('');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return { canvasRef, drawn, typed, setTyped, busy, error, clear, sign };
}
