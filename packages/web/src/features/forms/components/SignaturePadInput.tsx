import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

export interface SignaturePadInputProps {
  /** Names the drawing area for screen readers ("Signature of the patient"). */
  label: string;
  /** The signature as a PNG, and the same as a data URL to show at once. */
  onSign: (image: Blob, preview: string) => Promise<void> | void;
}

const WIDTH = 480;
const HEIGHT = 160;

/** The canvas as a PNG blob. */
const toBlob = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The signature could not be read.'))), 'image/png'));

/** A canvas with a typed name written on it in a handwriting-like face: the keyboard's way to sign. */
function typedSignature(name: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#000';
  ctx.font = 'italic 40px "Segoe Script", "Brush Script MT", cursive';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, 20, HEIGHT / 2, WIDTH - 40);
  return canvas;
}

/**
 * Draw a signature with mouse, pen or finger (signature_pad), or type a name instead (the
 * keyboard's way, written onto the image), then Sign. The image is a PNG on a white ground so it
 * prints and reads in dark mode alike.
 */
export function SignaturePadInput({ label, onSign }: SignaturePadInputProps) {
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

  return (
    <Stack gap={6}>
      <Paper withBorder radius="sm" w={WIDTH} maw="100%" style={{ overflow: 'hidden', background: '#fff', touchAction: 'none' }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${label}: drawing area`}
          data-testid="signature-canvas"
          style={{ width: WIDTH, maxWidth: '100%', height: HEIGHT, display: 'block', cursor: 'crosshair' }}
        />
      </Paper>
      <TextInput
        label="Or type your name to sign"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        maw={WIDTH}
        size="xs"
      />
      <Group gap="xs">
        <Button size="xs" onClick={() => void sign()} loading={busy} disabled={!drawn && !typed.trim()}>
          Sign
        </Button>
        <Button size="xs" variant="default" onClick={clear} disabled={!drawn}>
          Clear
        </Button>
      </Group>
      {error && <Text c="red" fz="xs" role="alert">{error}</Text>}
    </Stack>
  );
}
