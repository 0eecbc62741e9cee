/** Remove Inbound Number: remove_inbound_number with the workspace number's ID, picked or typed; anything else refused. */
import { numberIdsGoThrough, numberRefusals } from '../../../helpers/editEach';

test('any number ID, from the list or typed: its number_id', () =>
	numberIdsGoThrough('removeInboundNumber', 'remove_inbound_number'));

test('a phone number or nothing is refused before any request', () =>
	numberRefusals('removeInboundNumber'));
