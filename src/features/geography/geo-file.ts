/** Where the committed geography data lives, relative to the project folder. */
export const GEOGRAPHY_FILE = 'data-sources/india-geography.json.gz';
