/** Sample church locations, seeded on first start. */
export interface ChurchSeed {
  church_name: string;
  adress: string;
  main_contact: string[];
  email: string;
}

export const churchSeeds: ChurchSeed[] = [
  { church_name: 'Luminaries Harbor Light (Headquarters)', adress: '1200 Harbor Light Avenue, Wilmington, DE 19801, United States', main_contact: ['+1 (302) 555-0142', '+1 (302) 555-0143'], email: 'harborlight@luminaries.example.org' },
  { church_name: 'Luminaries Wilmington East', adress: '45 Brandywine Street, Wilmington, DE 19802, United States', main_contact: ['+1 (302) 555-0177'], email: 'east@luminaries.example.org' },
  { church_name: 'Luminaries Philadelphia', adress: '310 Market Street, Philadelphia, PA 19106, United States', main_contact: ['+1 (215) 555-0120', '+1 (215) 555-0121'], email: 'philadelphia@luminaries.example.org' },
  { church_name: 'Luminaries Baltimore', adress: '88 Charles Street, Baltimore, MD 21201, United States', main_contact: ['+1 (410) 555-0188'], email: 'baltimore@luminaries.example.org' },
  { church_name: 'Luminaries Lagos', adress: '14 Admiralty Way, Lekki Phase 1, Lagos, Nigeria', main_contact: ['+234 1 555 0190'], email: 'lagos@luminaries.example.org' },
];
