import { spawn } from 'node:child_process';
import { providerFailed } from './scribe-providers.ts';

/** The programs the scribe runs on audio (Debian's `ffmpeg`, `pocketsphinx`, `pocketsphinx-en-us`). */
export const AUDIO_PROGRAMS = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', recogniser: 'pocketsphinx_continuous' } as const;

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program to its end (or kills it at the deadline); a missing program is a providerFailed.
 * Standard error is kept only when asked (ffmpeg's filters report there).
 */
export function runProgram(program: string, args: string[], deadline: number, options: { stderr?: boolean } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', options.stderr ? 'pipe' : 'ignore'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), Math.max(0, deadline - Date.now()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? providerFailed('Transcription', `the local speech engine is not installed (${program}; docs/scribe.md, "Local engine")`)
          : error,
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') reject(providerFailed('Transcription', `${program} did not finish in time`));
      else resolve({ code, stdout, stderr });
    });
  });
}
