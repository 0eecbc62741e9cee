import { assistantLocator } from '../../../shared/assistants/fields';
import { defineResource } from '../../../shared/engine/operation';
import { versionLocator } from '../../../shared/assistants/versionField';
import * as attachInboundNumber from './attachInboundNumber.operation';
import * as attachKnowledgeBase from './attachKnowledgeBase.operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as removeInboundNumber from './removeInboundNumber.operation';
import * as removeKnowledgeBase from './removeKnowledgeBase.operation';
import * as updateApiSettings from './updateApiSettings.operation';
import * as updateCustomVariables from './updateCustomVariables.operation';
import * as updateDisplayName from './updateDisplayName.operation';
import * as updateDtmfSettings from './updateDtmfSettings.operation';
import * as updateEventSubscriptions from './updateEventSubscriptions.operation';
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

/** Create, reads (Get, Get Many), Delete and every edit of PATCH /agent/v1, one module each. */
export const assistant = defineResource({
	value: 'assistant',
	name: 'Assistant',
	operations: {
		create,
		get,
		getMany,
		delete: del,
		attachInboundNumber,
		attachKnowledgeBase,
		removeInboundNumber,
		removeKnowledgeBase,
		updateApiSettings,
		updateCustomVariables,
		updateDisplayName,
		updateDtmfSettings,
		updateEventSubscriptions,
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
	},
	default: 'updatePrompt',
	shared: (show) => [
		assistantLocator({
			description: 'The assistant to read or edit',
			displayOptions: show.except(['create', 'getMany']),
		}),
		// Every edit can name the version it changes (an A/B test's variant, on purpose).
		versionLocator({ displayOptions: show.except(['create', 'get', 'getMany', 'delete']) }),
	],
});
