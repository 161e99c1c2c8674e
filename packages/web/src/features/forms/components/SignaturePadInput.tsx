import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useSignaturePad } from '../hooks/useSignaturePad.ts';
import { SIGNATURE_HEIGHT as HEIGHT, SIGNATURE_WIDTH as WIDTH } from '../utils/signature-image.ts';

export interface SignaturePadInputProps {
  /** Names the drawing area for screen readers ("Signature of the patient"). */
  label: string;
  /** The signature as a PNG, and the same as a data URL to show at once. */
  onSign: (image: Blob, preview: string) => Promise<void> | void;
}

/**
 * Draw a signature with mouse, pen or finger (signature_pad), or type a name instead (the
 * keyboard's way, written onto the image), then Sign. The image is a PNG on a white ground so it
 * prints and reads in dark mode alike.
 */
export function SignaturePadInput({ label, onSign }: SignaturePadInputProps) {
  const { canvasRef, drawn, typed, setTyped, busy, error, clear, sign } = useSignaturePad(onSign);

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
      <TextInput label="Or type your name to sign" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} maw={WIDTH} size="xs" />
      <Group gap="xs">
        <Button size="xs" onClick={() => void sign()} loading={busy} disabled={!drawn && !typed.trim()}>
          Sign
        </Button>
        <Button size="xs" variant="default" onClick={clear} disabled={!drawn}>
          Clear
        </Button>
      </Group>
      {error && (
        <Text c="red" fz="xs" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
