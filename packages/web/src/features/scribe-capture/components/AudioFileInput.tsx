import { Button, FileButton } from '@mantine/core';

/** Uploads an audio file recorded elsewhere, through the same chunked path as a recording. */
export function AudioFileInput({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  return (
    <FileButton onChange={(file) => file && onFile(file)} accept="audio/*" disabled={disabled}>
      {(props) => (
        <Button variant="default" {...props} disabled={disabled}>
          Upload an audio file
        </Button>
      )}
    </FileButton>
  );
}
