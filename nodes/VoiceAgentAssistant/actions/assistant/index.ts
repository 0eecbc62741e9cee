import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import type { NodeOperation } from '../../../shared/router';
import { EDIT_NEEDS_CONSENT } from './edit';
import * as attachInboundNumber from './attachInboundNumber.operation';
import * as attachKnowledgeBase from './attachKnowledgeBase.operation';
import * as removeInboundNumber from './removeInboundNumber.operation';
import * as removeKnowledgeBase from './removeKnowledgeBase.operation';
import * as updateApiSettings from './updateApiSettings.operation';
import * as updateCustomVariables from './updateCustomVariables.operation';
import * as updateDisplayName from './updateDisplayName.operation';
import * as updateDtmfSettings from './updateDtmfSettings.operation';
import * as updateExtractCalleeName from './updateExtractCalleeName.operation';
import * as updateIntroMessage from './updateIntroMessage.operation';
import * as updateLanguage from './updateLanguage.operation';
import * as updateNoiseSettings from './updateNoiseSettings.operation';
import * as updatePrompt from './updatePrompt.operation';
import * as updateQueryPhrases from './updateQueryPhrases.operation';
import * as updateSecondaryLanguage from './updateSecondaryLanguage.operation';
import * as updateSecondaryVoice from './updateSecondaryVoice.operation';
import * as updateVadSettings from './updateVadSettings.operation';
import * as updateVocabulary from './updateVocabulary.operation';
import * as updateVoice from './updateVoice.operation';
import * as updateVoiceSpeed from './updateVoiceSpeed.operation';
import * as updateWhitelistedDomains from './updateWhitelistedDomains.operation';

type EditModule = NodeOperation & { option: INodePropertyOptions };

/** Every edit of PATCH /agent/v1, one module each. */
const modules: EditModule[] = [
	attachInboundNumber,
	attachKnowledgeBase,
	removeInboundNumber,
	removeKnowledgeBase,
	updateApiSettings,
	updateCustomVariables,
	updateDisplayName,
	updateDtmfSettings,
	updateExtractCalleeName,
	updateIntroMessage,
	updateLanguage,
	updateNoiseSettings,
	updatePrompt,
	updateQueryPhrases,
	updateSecondaryLanguage,
	updateSecondaryVoice,
	updateVadSettings,
	updateVocabulary,
	updateVoice,
	updateVoiceSpeed,
	updateWhitelistedDomains,
];

export const operations: Record<string, NodeOperation> = Object.fromEntries(
	modules.map((m) => [String(m.option.value), { ...m, agentNeedsConsent: EDIT_NEEDS_CONSENT }]),
);

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['assistant'] } },
		options: modules.map((m) => m.option).sort((a, b) => a.name.localeCompare(b.name)),
		default: 'updatePrompt',
	},
	assistantLocator({
		description: 'The assistant to edit',
		displayOptions: { show: { resource: ['assistant'] } },
	}),
	...modules.flatMap((m) => m.description),
];
