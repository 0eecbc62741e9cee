/** Secondary Language: edit_secondary_language with one of the languages the service supports; others refused. */
import { editEach, ok, refused } from '../../../helpers/editEach';

const LANGUAGES = ['ar-AE', 'en-IN', 'en-US', 'gu-IN', 'hi-IN', 'kn-IN', 'mr-IN', 'ta-IN', 'te-IN'];

test('every supported language is sent as it is', async () => {
	const run = await editEach(
		'updateSecondaryLanguage',
		{ secondaryLanguage: '={{ $json.language }}' },
		LANGUAGES.map((language) => ({ language })),
	);
	expect(run.operations).toEqual(LANGUAGES.map(() => 'edit_secondary_language'));
	expect(run.sent).toEqual(LANGUAGES.map((language) => ({ secondary_language: language })));
	expect(run.out).toEqual(LANGUAGES.map(() => ok));
});

test('a language the service does not support is refused before any request', async () => {
	const run = await editEach(
		'updateSecondaryLanguage',
		{ secondaryLanguage: '={{ $json.language }}' },
		[{ language: 'fr-FR' }],
	);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused(
			'Secondary Language: "fr-FR" is not a supported language; use one of ar-AE, en-IN, en-US, gu-IN, hi-IN, kn-IN, mr-IN, ta-IN, te-IN',
			'Secondary Language',
			0,
		),
	]);
});
