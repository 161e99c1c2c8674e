import { Navigate, Route, Routes } from 'react-router';
import { FormsList } from './FormsList.tsx';
import { PortalResponse } from './PortalResponse.tsx';

/** `/my-forms`: the person's forms, and one form filled in or read at `/my-forms/:responseId`. */
export function FormsSection() {
  return (
    <Routes>
      <Route index element={<FormsList />} />
      <Route path=":responseId" element={<PortalResponse />} />
      <Route path="*" element={<Navigate to="/my-forms" replace />} />
    </Routes>
  );
}
