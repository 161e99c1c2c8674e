import { PLACES_OF_SERVICE, toCoding } from '@caseload/core';

/**
 * The smallest body each people and set-up type accepts (docs/validation.md), for tests and
 * tools that need "a valid X" without knowing its rules. Partitioned types go in `patientId`'s
 * chart; the server fills their `patient` from the partition.
 */
export function samplePeopleBody(typeName: string, patientId: string, label = 'Sample'): Record<string, unknown> | undefined {
  const chart = { partition: patientId };
  const name = (family: string) => ({ names: [{ given: [label], family }] });
  switch (typeName) {
    case 'Patient':
      return name('Patient');
    case 'Practitioner':
      return name('Practitioner');
    case 'RelatedPerson':
      return { ...chart, ...name('Relative') };
    case 'EpisodeOfCare':
      return { ...chart, status: 'active', programs: [] };
    case 'Condition':
      return { ...chart, code: { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'F41.1' }, verificationStatus: 'Confirmed' };
    case 'Allergy':
      return { ...chart, substance: { code: 'penicillin' }, status: 'active' };
    case 'Medication':
      return { ...chart, name: `${label} medication`, status: 'active' };
    case 'Coverage':
      return { ...chart, payor: { name: `${label} Health Plan` }, memberId: 'M-1', order: 1 };
    case 'Consent':
      return { ...chart, category: { code: 'treatment' }, status: 'active', date: '2024-01-02' };
    case 'DocumentReference':
      return {
        ...chart,
        title: `${label} letter`,
        category: { code: 'letter' },
        date: '2024-01-02',
        media: { resourceType: 'Media', id: 'm-1' },
      };
    case 'Location':
      return { name: `${label} location`, placeOfService: toCoding(PLACES_OF_SERVICE, '11') };
    case 'HealthcareService':
      return { name: `${label} service`, flags: [] };
    case 'Listing':
      return { name: `${label} listing`, kind: 'Team' };
    case 'Group':
      return { name: `${label} group`, members: [] };
    case 'Organization':
    case 'District':
    case 'Program':
      return { name: `${label} ${typeName.toLowerCase()}` };
    case 'PracticePreferences':
      return {};
    default:
      return undefined;
  }
}
