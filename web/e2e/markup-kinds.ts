/** Each kind of markup the coach can save in a block (Beheer > Pagina's), by a short name. */
export const MARKUP: [string, string][] = [
  ["vet", "Eerlijk **vet** gezegd"],
  ["cursief", "Eerlijk *schuin* gezegd"],
  ["link", "Eerlijk [naar contact](/contact) gezegd"],
  ["html-link", 'Eerlijk <a href="https://inlumine.be">hier</a> gezegd'],
  ["lijst", "- Eerlijk\n- gezegd"],
  ["kop", "## Eerlijk gezegd"],
  ["alles", "## Kop\n\nEen **vette** en *schuine* [link](/contact).\n\n- een\n- twee"],
];
