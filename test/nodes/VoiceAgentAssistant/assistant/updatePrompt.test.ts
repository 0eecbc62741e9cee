/** Update Prompt: the prompt sent as written; placeholders not among the known ones warn. */
import { expectAllMocksUsed, jsonOf } from '../../../helpers/harness';
import { AGENT } from '../../../helpers/fixtures';
import { edit, ok, patch } from '../../../helpers/assistantEdits';

expectAllMocksUsed();

describe('Update Prompt', () => {
	const prompt =
		'You call @{{customer_name}} about @{{ plan }} due on @{{due_date}}. Bye @{{customer_name}}.';

	test('no Known Custom Variables: sends the prompt, lists its placeholders, no warnings', async () => {
		const scope = patch({ operation: 'edit_prompt', agent_id: AGENT, agent_prompt: prompt }).reply(
			200,
			ok,
		);
		const { output, error, run } = await edit('updatePrompt', { prompt });
		expect(error).toBeUndefined();
		expect(jsonOf(output)).toEqual([
			{ ...ok, prompt_variables: ['customer_name', 'plan', 'due_date'], warnings: [] },
		]);
		expect(run.data.resultData.runData['Voice Agent'][0].hints ?? []).toEqual([]);
		scope.done();
	});

	test('unknown placeholders warn (output and execution hint) but the edit is still made', async () => {
		const scope = patch({ operation: 'edit_prompt', agent_id: AGENT, agent_prompt: prompt }).reply(
			200,
			ok,
		);
		const { output, error, run } = await edit('updatePrompt', {
			prompt,
			knownVariables: 'customer_name, appointment',
		});
		expect(error).toBeUndefined();
		const warning = (name: string) =>
			`The prompt uses @{{${name}}}, which is not among the Known Custom Variables (customer_name, appointment). Add it with Update Custom Variables and pass a value for it when starting calls, or it may stay unfilled.`;
		expect(jsonOf(output)).toEqual([
			{
				...ok,
				prompt_variables: ['customer_name', 'plan', 'due_date'],
				warnings: [warning('plan'), warning('due_date')],
			},
		]);
		expect(run.data.resultData.runData['Voice Agent'][0].hints).toEqual([
			{ message: `Item 0: ${warning('plan')}`, type: 'warning', location: 'outputPane' },
			{ message: `Item 0: ${warning('due_date')}`, type: 'warning', location: 'outputPane' },
		]);
		scope.done();
	});

	test('all placeholders known: no warnings', async () => {
		const scope = patch({ operation: 'edit_prompt', agent_id: AGENT, agent_prompt: prompt }).reply(
			200,
			ok,
		);
		const { output } = await edit('updatePrompt', {
			prompt,
			knownVariables: 'due_date,plan,customer_name',
		});
		expect(output[0].json.warnings).toEqual([]);
		scope.done();
	});
});
