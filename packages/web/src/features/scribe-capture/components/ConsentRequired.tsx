import { Alert, Button, Text } from '@mantine/core';

export interface ConsentRequiredProps {
  /** The server's refusal: no consent, or a dictation-only practice. */
  message: string;
  /** Offered only when the message is the missing consent and the user may create Consents. */
  onRecordConsent?: () => void;
  saving?: boolean;
}

/** The server refused session audio; says why, and offers to record the patient's verbal consent when that is the reason. */
export function ConsentRequired({ message, onRecordConsent, saving }: ConsentRequiredProps) {
  return (
    <Alert color="orange" title="Recording is not allowed yet" role="alert" data-testid="consent-required">
      <Text size="sm">{message}</Text>
      {onRecordConsent && (
        <>
          <Text size="sm" mt="sm">
            If the patient has just agreed aloud, record that consent now; you attest to it.
          </Text>
          <Button mt="sm" onClick={onRecordConsent} loading={saving}>
            Record verbal consent
          </Button>
        </>
      )}
    </Alert>
  );
}
