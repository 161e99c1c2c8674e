import { Navigate, Route, Routes } from 'react-router';
import { PacketScreen } from './PacketScreen.tsx';
import { PacketsList } from './PacketsList.tsx';

/** `/my-packets`: the person's paperwork, and one packet stepped through at `/my-packets/:id`. */
export function PacketsSection() {
  return (
    <Routes>
      <Route index element={<PacketsList />} />
      <Route path=":packetResponseId" element={<PacketScreen />} />
      <Route path="*" element={<Navigate to="/my-packets" replace />} />
    </Routes>
  );
}
