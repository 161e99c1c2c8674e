import { isCarePlanSigned, type CarePlan } from '@caseload/core';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useResource } from '../../../data/index.ts';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { profileReference, useCurrentPractice, usePracticeTimeZone } from '../../practice/index.ts';
import { useMayWriteCarePlans } from '../hooks/useMayWriteCarePlans.ts';
import { usePlanPatient } from '../hooks/usePlanPatient.ts';
import { CarePlanEditor } from './CarePlanEditor.tsx';
import { CarePlanView } from './CarePlanView.tsx';

export interface CarePlanScreenProps {
  patientId: string;
  planId: string;
}

/**
 * One plan (`/care-plans/:patientId/:planId`): an unsigned plan opens in the editor for a profile
 * that may change plans; a signed one (or any, for a profile that may only read) in the view, with
 * its signatures, revisions, Revise and the printout.
 */
export function CarePlanScreen({ patientId, planId }: CarePlanScreenProps) {
  const plan = useResource<CarePlan>('CarePlans', planId, { partition: patientId });
  const patient = usePlanPatient(patientId);
  const may = useMayWriteCarePlans();
  const timeZone = usePracticeTimeZone();
  const practitioner = profileReference(useCurrentPractice().current)?.resourceType === 'Practitioner';
  const patientName = patient.patient?.display ?? 'Patient';
  useDocumentTitle(`${plan.item?.title ?? 'Care plan'} · ${patientName} · Caseload`);

  if (!plan.item) {
    if (plan.loading) return <LoadingIndicator fullScreen={false} label="Loading the care plan" />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" title="This care plan can't be shown">
        {plan.error?.message ?? 'The requested data was not found.'}
        <div>
          <Button component={Link} to="/care-plans" variant="default" size="xs" mt="sm">
            Back to care plans
          </Button>
        </div>
      </Alert>
    );
  }
  const signed = isCarePlanSigned(plan.item);
  const common = { patientName, conditions: patient.conditions, episodes: patient.episodes };
  if (!signed && may.update) return <CarePlanEditor key={plan.item.id} plan={plan.item} maySign={may.sign && practitioner} {...common} />;
  return (
    <Stack gap="md">
      {!signed && (
        <Alert color="blue" variant="light" title="Read-only">
          <Text size="sm">Your role can read care plans but not change them.</Text>
        </Alert>
      )}
      <CarePlanView plan={plan.item} timeZone={timeZone} mayRevise={may.sign && practitioner} mayUpdate={may.update} {...common} />
    </Stack>
  );
}
