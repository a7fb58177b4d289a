// Airports for book-flight-full, written as MiniWoB++'s flight list writes them: 'City, ST (CODE)'. A goal names the
// city or the code; the autocomplete suggests every airport whose text contains what was typed.

export const AIRPORTS = [
  'Albany, NY (ALB)', 'Albuquerque, NM (ABQ)', 'Allentown, PA (ABE)', 'Amarillo, TX (AMA)', 'Anchorage, AK (ANC)',
  'Appleton, WI (ATW)', 'Asheville, NC (AVL)', 'Aspen, CO (ASE)', 'Atlanta, GA (ATL)', 'Augusta, GA (AGS)',
  'Austin, TX (AUS)', 'Bakersfield, CA (BFL)', 'Baltimore, MD (BWI)', 'Bangor, ME (BGR)', 'Baton Rouge, LA (BTR)',
  'Billings, MT (BIL)', 'Birmingham, AL (BHM)', 'Bismarck, ND (BIS)', 'Boise, ID (BOI)', 'Boston, MA (BOS)',
  'Bozeman, MT (BZN)', 'Buffalo, NY (BUF)', 'Burbank, CA (BUR)', 'Burlington, VT (BTV)', 'Casper, WY (CPR)',
  'Cedar Rapids, IA (CID)', 'Charleston, SC (CHS)', 'Charlotte, NC (CLT)', 'Chattanooga, TN (CHA)',
  'Chicago, IL (ORD)', 'Chicago, IL (MDW)', 'Cincinnati, OH (CVG)', 'Cleveland, OH (CLE)', 'Colorado Springs, CO (COS)',
  'Columbia, SC (CAE)', 'Columbus, OH (CMH)', 'Corpus Christi, TX (CRP)', 'Dallas, TX (DFW)', 'Dallas, TX (DAL)',
  'Dayton, OH (DAY)', 'Denver, CO (DEN)', 'Des Moines, IA (DSM)', 'Detroit, MI (DTW)', 'Duluth, MN (DLH)',
  'Durango, CO (DRO)', 'El Paso, TX (ELP)', 'Eugene, OR (EUG)', 'Fairbanks, AK (FAI)', 'Fargo, ND (FAR)',
  'Flagstaff, AZ (FLG)', 'Fort Lauderdale, FL (FLL)', 'Fort Myers, FL (RSW)', 'Fresno, CA (FAT)', 'Grand Rapids, MI (GRR)',
  'Green Bay, WI (GRB)', 'Greensboro, NC (GSO)', 'Greenville, SC (GSP)', 'Harrisburg, PA (MDT)', 'Hartford, CT (BDL)',
  'Honolulu, HI (HNL)', 'Houston, TX (IAH)', 'Houston, TX (HOU)', 'Huntsville, AL (HSV)', 'Indianapolis, IN (IND)',
  'Jackson, MS (JAN)', 'Jacksonville, FL (JAX)', 'Juneau, AK (JNU)', 'Kahului, HI (OGG)', 'Kansas City, MO (MCI)',
  'Key West, FL (EYW)', 'Knoxville, TN (TYS)', 'Kona, HI (KOA)', 'Lafayette, LA (LFT)', 'Las Vegas, NV (LAS)',
  'Lexington, KY (LEX)', 'Lihue, HI (LIH)', 'Lincoln, NE (LNK)', 'Little Rock, AR (LIT)', 'Long Beach, CA (LGB)',
  'Los Angeles, CA (LAX)', 'Louisville, KY (SDF)', 'Lubbock, TX (LBB)', 'Madison, WI (MSN)', 'Manchester, NH (MHT)',
  'Medford, OR (MFR)', 'Memphis, TN (MEM)', 'Miami, FL (MIA)', 'Midland, TX (MAF)', 'Milwaukee, WI (MKE)',
  'Minneapolis, MN (MSP)', 'Missoula, MT (MSO)', 'Mobile, AL (MOB)', 'Monterey, CA (MRY)', 'Myrtle Beach, SC (MYR)',
  'Nashville, TN (BNA)', 'New Orleans, LA (MSY)', 'New York, NY (JFK)', 'New York, NY (LGA)', 'Newark, NJ (EWR)',
  'Norfolk, VA (ORF)', 'Oakland, CA (OAK)', 'Oklahoma City, OK (OKC)', 'Omaha, NE (OMA)', 'Ontario, CA (ONT)',
  'Orlando, FL (MCO)', 'Palm Springs, CA (PSP)', 'Pensacola, FL (PNS)', 'Philadelphia, PA (PHL)', 'Phoenix, AZ (PHX)',
  'Pittsburgh, PA (PIT)', 'Portland, ME (PWM)', 'Portland, OR (PDX)', 'Providence, RI (PVD)', 'Raleigh, NC (RDU)',
  'Rapid City, SD (RAP)', 'Reno, NV (RNO)', 'Richmond, VA (RIC)', 'Roanoke, VA (ROA)', 'Rochester, NY (ROC)',
  'Sacramento, CA (SMF)', 'Salt Lake City, UT (SLC)', 'San Antonio, TX (SAT)', 'San Diego, CA (SAN)',
  'San Francisco, CA (SFO)', 'San Jose, CA (SJC)', 'Santa Barbara, CA (SBA)', 'Sarasota, FL (SRQ)',
  'Savannah, GA (SAV)', 'Seattle, WA (SEA)', 'Shreveport, LA (SHV)', 'Sioux Falls, SD (FSD)', 'Spokane, WA (GEG)',
  'Springfield, MO (SGF)', 'St. Louis, MO (STL)', 'Syracuse, NY (SYR)', 'Tallahassee, FL (TLH)', 'Tampa, FL (TPA)',
  'Tucson, AZ (TUS)', 'Tulsa, OK (TUL)', 'Washington, DC (DCA)', 'Washington, DC (IAD)', 'West Palm Beach, FL (PBI)',
  'Wichita, KS (ICT)', 'Wilmington, NC (ILM)',
] as const;

/** 'Boston, MA (BOS)' -> { city: 'Boston', code: 'BOS' } */
export function airportParts(airport: string): { city: string; code: string } {
  const m = /^(.*), [A-Z]{2} \(([A-Z]{3})\)$/.exec(airport);
  if (!m) throw new Error(`airport '${airport}' is not written 'City, ST (CODE)'`);
  return { city: m[1], code: m[2] };
}
