import type { Concept, Vocabulary } from './vocabulary.ts';

/** A US state, district, territory or military "state": USPS code, name and FIPS code. */
export interface UsState extends Concept {
  /** Two-digit FIPS state code; the military postal codes have none. */
  fips?: string;
  kind: 'state' | 'district' | 'territory' | 'military';
}

const rows: readonly [string, string, string | undefined, UsState['kind']][] = [
  ['AL', 'Alabama', '01', 'state'],
  ['AK', 'Alaska', '02', 'state'],
  ['AZ', 'Arizona', '04', 'state'],
  ['AR', 'Arkansas', '05', 'state'],
  ['CA', 'California', '06', 'state'],
  ['CO', 'Colorado', '08', 'state'],
  ['CT', 'Connecticut', '09', 'state'],
  ['DE', 'Delaware', '10', 'state'],
  ['DC', 'District of Columbia', '11', 'district'],
  ['FL', 'Florida', '12', 'state'],
  ['GA', 'Georgia', '13', 'state'],
  ['HI', 'Hawaii', '15', 'state'],
  ['ID', 'Idaho', '16', 'state'],
  ['IL', 'Illinois', '17', 'state'],
  ['IN', 'Indiana', '18', 'state'],
  ['IA', 'Iowa', '19', 'state'],
  ['KS', 'Kansas', '20', 'state'],
  ['KY', 'Kentucky', '21', 'state'],
  ['LA', 'Louisiana', '22', 'state'],
  ['ME', 'Maine', '23', 'state'],
  ['MD', 'Maryland', '24', 'state'],
  ['MA', 'Massachusetts', '25', 'state'],
  ['MI', 'Michigan', '26', 'state'],
  ['MN', 'Minnesota', '27', 'state'],
  ['MS', 'Mississippi', '28', 'state'],
  ['MO', 'Missouri', '29', 'state'],
  ['MT', 'Montana', '30', 'state'],
  ['NE', 'Nebraska', '31', 'state'],
  ['NV', 'Nevada', '32', 'state'],
  ['NH', 'New Hampshire', '33', 'state'],
  ['NJ', 'New Jersey', '34', 'state'],
  ['NM', 'New Mexico', '35', 'state'],
  ['NY', 'New York', '36', 'state'],
  ['NC', 'North Carolina', '37', 'state'],
  ['ND', 'North Dakota', '38', 'state'],
  ['OH', 'Ohio', '39', 'state'],
  ['OK', 'Oklahoma', '40', 'state'],
  ['OR', 'Oregon', '41', 'state'],
  ['PA', 'Pennsylvania', '42', 'state'],
  ['RI', 'Rhode Island', '44', 'state'],
  ['SC', 'South Carolina', '45', 'state'],
  ['SD', 'South Dakota', '46', 'state'],
  ['TN', 'Tennessee', '47', 'state'],
  ['TX', 'Texas', '48', 'state'],
  ['UT', 'Utah', '49', 'state'],
  ['VT', 'Vermont', '50', 'state'],
  ['VA', 'Virginia', '51', 'state'],
  ['WA', 'Washington', '53', 'state'],
  ['WV', 'West Virginia', '54', 'state'],
  ['WI', 'Wisconsin', '55', 'state'],
  ['WY', 'Wyoming', '56', 'state'],
  ['AS', 'American Samoa', '60', 'territory'],
  ['GU', 'Guam', '66', 'territory'],
  ['MP', 'Northern Mariana Islands', '69', 'territory'],
  ['PR', 'Puerto Rico', '72', 'territory'],
  ['UM', 'U.S. Minor Outlying Islands', '74', 'territory'],
  ['VI', 'U.S. Virgin Islands', '78', 'territory'],
  ['AA', 'Armed Forces Americas', undefined, 'military'],
  ['AE', 'Armed Forces Europe', undefined, 'military'],
  ['AP', 'Armed Forces Pacific', undefined, 'military'],
];

/**
 * The 50 states, the District of Columbia, the five inhabited territories and the Minor Outlying
 * Islands, and the three military postal "states" (USPS Publication 28; FIPS from ANSI/INCITS 38).
 * Codes are the USPS abbreviations, which is what `Address.state` stores.
 */
export const US_STATES: Vocabulary<UsState> = {
  system: 'https://www.usps.com/state-codes',
  concepts: rows.map(([code, display, fips, kind]) => ({ code, display, kind, ...(fips && { fips }) })),
};
