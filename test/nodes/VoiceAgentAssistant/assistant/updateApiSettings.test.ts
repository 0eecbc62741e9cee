/** Update API Settings: a key n8n would drop from the JSON is refused by name. */
import { expectAllMocksUsed } from '../../../helpers/harness';
import { edit } from '../../../helpers/assistantEdits';

expectAllMocksUsed();

describe('assistant edits read each field as its type', () => {
	test.each([
		['{"__proto__": {"x": 1}}', '__proto__'],
		['{"auth": {"constructor": "a"}}', 'auth.constructor'],
		['{"list": [{"prototype": 1}]}', 'list[0].prototype'],
	])('API settings %s: the key n8n would drop is named, nothing sent', async (json, key) => {
		const { error } = await edit('updateApiSettings', { apiSettings: json });
		expect(error?.message).toBe(
			`API Settings (JSON): the key "${key}" cannot be sent: n8n drops keys named constructor, prototype and __proto__ from parameters, so it would silently go missing [item 0]`,
		);
	});
});
