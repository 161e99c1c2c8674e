import { Alert, Text } from '@mantine/core';

/** The microphone was refused (permission) or there is none: how to fix it, and that a file upload still works. */
export function MicrophoneProblem({ refused }: { refused: boolean }) {
  return (
    <Alert
      color="red"
      role="alert"
      title={refused ? 'Microphone access was refused' : 'No microphone found'}
      data-testid="microphone-problem"
    >
      <Text size="sm">
        {refused
          ? 'This browser was told not to let Caseload use the microphone. ' +
            "Allow it in the site's permissions (the icon left of the address), then try again."
          : 'Connect a microphone and try again.'}{' '}
        You can still upload an audio file below.
      </Text>
    </Alert>
  );
}
