/**
 * India's 28 states and 8 union territories, with their GST state codes.
 * Shared by vendor store setup and the geography area (states, cities, pincodes).
 * No server imports: forms and islands read it too.
 */
export interface IndianState {
  name: string;
  /** Two-letter subdivision code (ISO 3166-2:IN). */
  code: string;
  kind: 'state' | 'union-territory';
  /**
   * The first two digits of a GSTIN registered here. The first entry is the current code;
   * later ones are legacy codes still found on older registrations (Andhra Pradesh before
   * 2014, Daman and Diu before the 2020 merger).
   */
  gstCodes: readonly string[];
}

export const INDIAN_STATES = [
  { name: 'Andaman and Nicobar Islands', code: 'AN', kind: 'union-territory', gstCodes: ['35'] },
  { name: 'Andhra Pradesh', code: 'AP', kind: 'state', gstCodes: ['37', '28'] },
  { name: 'Arunachal Pradesh', code: 'AR', kind: 'state', gstCodes: ['12'] },
  { name: 'Assam', code: 'AS', kind: 'state', gstCodes: ['18'] },
  { name: 'Bihar', code: 'BR', kind: 'state', gstCodes: ['10'] },
  { name: 'Chandigarh', code: 'CH', kind: 'union-territory', gstCodes: ['04'] },
  { name: 'Chhattisgarh', code: 'CG', kind: 'state', gstCodes: ['22'] },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', code: 'DH', kind: 'union-territory', gstCodes: ['26', '25'] },
  { name: 'Delhi', code: 'DL', kind: 'union-territory', gstCodes: ['07'] },
  { name: 'Goa', code: 'GA', kind: 'state', gstCodes: ['30'] },
  { name: 'Gujarat', code: 'GJ', kind: 'state', gstCodes: ['24'] },
  { name: 'Haryana', code: 'HR', kind: 'state', gstCodes: ['06'] },
  { name: 'Himachal Pradesh', code: 'HP', kind: 'state', gstCodes: ['02'] },
  { name: 'Jammu and Kashmir', code: 'JK', kind: 'union-territory', gstCodes: ['01'] },
  { name: 'Jharkhand', code: 'JH', kind: 'state', gstCodes: ['20'] },
  { name: 'Karnataka', code: 'KA', kind: 'state', gstCodes: ['29'] },
  { name: 'Kerala', code: 'KL', kind: 'state', gstCodes: ['32'] },
  { name: 'Ladakh', code: 'LA', kind: 'union-territory', gstCodes: ['38'] },
  { name: 'Lakshadweep', code: 'LD', kind: 'union-territory', gstCodes: ['31'] },
  { name: 'Madhya Pradesh', code: 'MP', kind: 'state', gstCodes: ['23'] },
  { name: 'Maharashtra', code: 'MH', kind: 'state', gstCodes: ['27'] },
  { name: 'Manipur', code: 'MN', kind: 'state', gstCodes: ['14'] },
  { name: 'Meghalaya', code: 'ML', kind: 'state', gstCodes: ['17'] },
  { name: 'Mizoram', code: 'MZ', kind: 'state', gstCodes: ['15'] },
  { name: 'Nagaland', code: 'NL', kind: 'state', gstCodes: ['13'] },
  { name: 'Odisha', code: 'OD', kind: 'state', gstCodes: ['21'] },
  { name: 'Puducherry', code: 'PY', kind: 'union-territory', gstCodes: ['34'] },
  { name: 'Punjab', code: 'PB', kind: 'state', gstCodes: ['03'] },
  { name: 'Rajasthan', code: 'RJ', kind: 'state', gstCodes: ['08'] },
  { name: 'Sikkim', code: 'SK', kind: 'state', gstCodes: ['11'] },
  { name: 'Tamil Nadu', code: 'TN', kind: 'state', gstCodes: ['33'] },
  { name: 'Telangana', code: 'TG', kind: 'state', gstCodes: ['36'] },
  { name: 'Tripura', code: 'TR', kind: 'state', gstCodes: ['16'] },
  { name: 'Uttar Pradesh', code: 'UP', kind: 'state', gstCodes: ['09'] },
  { name: 'Uttarakhand', code: 'UK', kind: 'state', gstCodes: ['05'] },
  { name: 'West Bengal', code: 'WB', kind: 'state', gstCodes: ['19'] },
] as const satisfies readonly IndianState[];

export type IndianStateName = (typeof INDIAN_STATES)[number]['name'];

export const INDIAN_STATE_NAMES = INDIAN_STATES.map((s) => s.name) as [IndianStateName, ...IndianStateName[]];

export function findStateByName(name: string): IndianState | undefined {
  return INDIAN_STATES.find((s) => s.name === name);
}

/** The state or union territory a GSTIN's first two digits belong to. */
export function stateForGstCode(code: string): IndianState | undefined {
  return INDIAN_STATES.find((s) => (s.gstCodes as readonly string[]).includes(code));
}
