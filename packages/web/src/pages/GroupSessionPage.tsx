import { GroupSessionEditor } from '../features/notes/index.ts';

/** `/notes/group-session`, loaded on demand: one group session's notes (`?patient=` adds a first attendee). */
export default function GroupSessionPage() {
  return <GroupSessionEditor />;
}
