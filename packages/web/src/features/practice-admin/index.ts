/**
 * Practice administration (issue 5): the practice's set-up (organizations, districts, programs,
 * locations, services, departments and teams, staff groups, security roles) and its preferences.
 */
export { AdministrationArea } from './components/AdministrationArea.tsx';
export { PracticePreferencesPanel } from './components/PracticePreferencesPanel.tsx';
export { ADMIN_SECTIONS, visibleSections, type AdminSection, type AdminSectionId } from './utils/admin-sections.ts';
