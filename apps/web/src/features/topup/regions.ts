/**
 * The continent of each country with a telephone numbering plan, for the region filter of the country picker.
 * Neither libphonenumber-js nor i18n-iso-countries carries it; the split follows the UN geoscheme's
 * continents, with the Caribbean and Central America in North America, Turkey and the Caucasus in Asia, Cyprus and
 * Russia in Europe, and overseas territories where they lie. `countries.test.ts` fails for a country without one.
 */
export const REGIONS = ['africa', 'asia', 'europe', 'north_america', 'south_america', 'oceania'] as const;
export type Region = (typeof REGIONS)[number];

const CODES: Record<Region, string> = {
  africa:
    'AC AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA ' +
    'NE NG RE RW SC SD SH SL SN SO SS ST SZ TA TD TG TN TZ UG YT ZA ZM ZW',
  asia:
    'AE AF AM AZ BD BH BN BT CC CN CX GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM ' +
    'PH PK PS QA SA SG SY TH TJ TL TM TR TW UZ VN YE',
  europe:
    'AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK ' +
    'MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK',
  north_america:
    'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV SX TC TT ' +
    'US VC VG VI',
  south_america: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
  oceania: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PW SB TK TO TV VU WF WS',
};

const REGION_OF = new Map<string, Region>(
  REGIONS.flatMap((region) => CODES[region].split(' ').map((iso2) => [iso2, region] as const)),
);

/** The continent of a country by its ISO 3166-1 alpha-2 code; undefined for one not listed. */
export const regionOf = (iso2: string): Region | undefined => REGION_OF.get(iso2);
