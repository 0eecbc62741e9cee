/** Intro Message: edit_intro_message with the text, trimmed; blank text or text that is not text is refused. */
import { textRefusals, textsGoThrough } from '../../../helpers/editEach';

test('any text that is not blank: sent trimmed', () =>
	textsGoThrough('updateIntroMessage', 'introMessage', 'edit_intro_message', 'intro_message'));

test('blank, or not text, is refused before any request', () =>
	textRefusals('updateIntroMessage', 'introMessage', 'Intro Message'));
