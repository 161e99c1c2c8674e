/** The signature image's size, in CSS pixels (drawn at the screen's density). */
export const SIGNATURE_WIDTH = 480;
export const SIGNATURE_HEIGHT = 160;

/** The canvas as a PNG blob. */
export const toBlob = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The signature could not be read.'))), 'image/png'),
  );

/** A canvas with a typed name written on it in a handwriting-like face: the keyboard's way to sign. */
export function typedSignature(name: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = SIGNATURE_WIDTH;
  canvas.height = SIGNATURE_HEIGHT;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  ctx.fillStyle = '#000';
  ctx.font = 'italic 40px "Segoe Script", "Brush Script MT", cursive';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, 20, SIGNATURE_HEIGHT / 2, SIGNATURE_WIDTH - 40);
  return canvas;
}
