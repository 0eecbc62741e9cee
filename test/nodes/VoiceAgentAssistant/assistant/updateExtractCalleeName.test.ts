/** Update Extract Callee Name: edit_extract_callee_name with true or false, also as text. */
import { editEach, ok, refused } from '../../../helpers/editEach';

test('true, false, and the texts "true" and "false": the boolean', async () => {
	const run = await editEach('updateExtractCalleeName', { extractCalleeName: '={{ $json.on }}' }, [
		{ on: true },
		{ on: false },
		{ on: 'true' },
		{ on: 'false' },
	]);
	expect(run.operations).toEqual(Array(4).fill('edit_extract_callee_name'));
	expect(run.sent.map((b) => b.extract_callee_name)).toEqual([true, false, true, false]);
	expect(run.out).toEqual(Array(4).fill(ok));
});

test('anything else is refused before any request', async () => {
	const run = await editEach('updateExtractCalleeName', { extractCalleeName: '={{ $json.on }}' }, [
		{ on: 'maybe' },
	]);
	expect(run.sent).toEqual([]);
	expect(run.out).toEqual([
		refused('Extract Callee Name: "maybe" is not true or false', 'Extract Callee Name', 0),
	]);
});
