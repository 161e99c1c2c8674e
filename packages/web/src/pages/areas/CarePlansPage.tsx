import { Route, Routes, useParams } from 'react-router';
import { CarePlanScreen, GoalTemplatesAdmin, MyCarePlans } from '../../features/care-plans/index.ts';

function PlanRoute() {
  const { patientId, planId } = useParams();
  return <CarePlanScreen key={`${patientId}/${planId}`} patientId={patientId!} planId={planId!} />;
}

/**
 * `/care-plans`, loaded on demand: the clinician's plans, the goal templates at `/care-plans/templates`,
 * and one plan at `/care-plans/:patientId/:planId` (editor or view).
 */
export default function CarePlansPage() {
  return (
    <Routes>
      <Route index element={<MyCarePlans />} />
      <Route path="templates" element={<GoalTemplatesAdmin />} />
      <Route path=":patientId/:planId" element={<PlanRoute />} />
    </Routes>
  );
}
