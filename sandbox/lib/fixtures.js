// @ts-check
'use strict';

/**
 * The seeded workspace. IDs are fixed (not drawn from the seed) so docs, examples and
 * end-to-end tests can name them; each kind of record has its own first group:
 * a1a1a1a1 assistants, b2b2b2b2 voices, c3c3c3c3 numbers, d4d4d4d4 users,
 * e5e5e5e5 campaigns, f6f6f6f6 contact lists, 0a0a0a0a knowledge bases (0b0b0b0b their files,
 * URLs and FAQs), a7a7a7a7 versions of
 * the A/B and multi_node assistants (the plain assistants' version IDs come from the seed).
 */

const id = (/** @type {string} */ prefix, /** @type {number} */ n) =>
	`${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

const LANGUAGES = ['en-US', 'en-IN', 'hi-IN', 'ta-IN', 'te-IN', 'kn-IN', 'mr-IN', 'gu-IN', 'ar-AE'];

/** voice_id -> the languages it speaks. */
const VOICES = [
	{ id: id('b2b2b2b2', 1), name: 'Aria', gender: 'female', languages: ['en-US', 'en-IN'] },
	{
		id: id('b2b2b2b2', 2),
		name: 'Kabir',
		gender: 'male',
		languages: ['en-IN', 'hi-IN', 'mr-IN', 'gu-IN'],
	},
	{
		id: id('b2b2b2b2', 3),
		name: 'Meera',
		gender: 'female',
		languages: ['en-IN', 'ta-IN', 'te-IN', 'kn-IN'],
	},
	{ id: id('b2b2b2b2', 4), name: 'Layla', gender: 'female', languages: ['ar-AE', 'en-US'] },
	{ id: id('b2b2b2b2', 5), name: 'Rohan', gender: 'male', languages: ['hi-IN'] },
];

/** Their files, URLs and FAQs (0b0b0b0b items) in the GET /external/kb/{kb_id} shape. */
const KNOWLEDGE_BASES = [
	{
		id: id('0a0a0a0a', 1),
		name: 'Clinic FAQ',
		files: [
			{
				file_id: id('0b0b0b0b', 1),
				file_type: 'pdf',
				file_size: 48213,
				filename: 'opening-hours.pdf',
				file_path: `knowledge-bases/${id('0a0a0a0a', 1)}/${id('0b0b0b0b', 1)}/opening-hours.pdf`,
			},
		],
		urls: [
			{
				file_id: id('0b0b0b0b', 2),
				file_type: 'url',
				file_size: 0,
				url: 'https://clinic.example/visit',
				file_path: `knowledge-bases/${id('0a0a0a0a', 1)}/${id('0b0b0b0b', 2)}`,
			},
		],
		faqs: [
			{
				file_id: id('0b0b0b0b', 3),
				file_type: 'faq',
				file_size: 64,
				content: { question: 'Do you open on Sundays?', answer: 'No, Monday to Saturday.' },
			},
		],
	},
	{ id: id('0a0a0a0a', 2), name: 'Product catalogue' },
	{ id: id('0a0a0a0a', 3), name: 'Return policy' },
];

// classification_labels: what the platform analysis classifies a call into (FACTS: the
// assistant's labels; their order follows the callee's three replies in calls.js).
const AGENTS = [
	{
		id: id('a1a1a1a1', 1),
		agent_display_name: 'Appointment Reminder',
		classification_labels: ['confirmed', 'reschedule', 'declined'],
		agent_type: 'outbound',
		language: 'en-US',
		voice_id: VOICES[0].id,
		secondary_language: null,
		secondary_voice_id: null,
		intro_message: 'Hi @{{callee_name}}, this is Maya calling from @{{clinic}}.',
		agent_prompt:
			'You are Maya from @{{clinic}}. Remind @{{callee_name}} of the appointment on @{{date}} at @{{time}} and ask them to confirm.',
		custom_variables: ['clinic', 'date', 'time'],
		kb_ids: [KNOWLEDGE_BASES[0].id],
		whitelisted_domains: ['https://clinic.example.com'],
		voice_speed: 1.0,
	},
	{
		id: id('a1a1a1a1', 2),
		agent_display_name: 'Lead Qualifier',
		classification_labels: ['interested', 'callback', 'not_interested'],
		agent_type: 'outbound',
		language: 'en-IN',
		voice_id: VOICES[1].id,
		secondary_language: 'hi-IN',
		secondary_voice_id: VOICES[1].id,
		intro_message: 'Hello @{{callee_name}}, I am Arjun from Acme Solar.',
		agent_prompt:
			'You are Arjun from Acme Solar. Ask @{{callee_name}} whether they are interested in @{{product}} and note their budget.',
		custom_variables: ['product'],
		kb_ids: [KNOWLEDGE_BASES[1].id],
		whitelisted_domains: [],
		voice_speed: 1.1,
	},
	{
		id: id('a1a1a1a1', 3),
		agent_display_name: 'Hindi Feedback Survey',
		classification_labels: ['rated', 'callback', 'refused'],
		agent_type: 'outbound',
		language: 'hi-IN',
		voice_id: VOICES[4].id,
		secondary_language: null,
		secondary_voice_id: null,
		intro_message: 'Namaste @{{callee_name}}, main Priya bol rahi hoon.',
		agent_prompt: 'Ask @{{callee_name}} to rate the delivery of order @{{order_id}} from 1 to 5.',
		custom_variables: ['order_id'],
		kb_ids: [],
		whitelisted_domains: [],
		voice_speed: 0.9,
	},
	{
		id: id('a1a1a1a1', 4),
		agent_display_name: 'Dubai Concierge',
		classification_labels: ['booking_confirmed', 'callback', 'booking_declined'],
		agent_type: 'inbound',
		language: 'ar-AE',
		voice_id: VOICES[3].id,
		secondary_language: 'en-US',
		secondary_voice_id: VOICES[3].id,
		intro_message: 'Marhaba @{{callee_name}}, this is Layla from the Palm Hotel.',
		agent_prompt: 'Confirm the booking of @{{callee_name}} for @{{nights}} nights.',
		custom_variables: ['nights'],
		kb_ids: [],
		whitelisted_domains: ['https://palm.example.ae'],
		voice_speed: 1.0,
	},
	// Three assistants as the live service shows them beyond a single version (no history
	// calls, no number): an A/B test with a clear winner, an A/B test split 50/50, and a
	// multi_node assistant, whose versions hold no prompt.
	{
		id: id('a1a1a1a1', 5),
		agent_display_name: 'Renewal Offer (A/B)',
		classification_labels: ['renewing', 'callback', 'not_renewing'],
		agent_type: 'outbound',
		language: 'en-US',
		voice_id: VOICES[0].id,
		secondary_language: null,
		secondary_voice_id: null,
		intro_message: 'Hi @{{callee_name}}, this is Sam from Acme Insurance.',
		agent_prompt: 'Offer @{{callee_name}} the renewal of policy @{{policy_id}} at @{{price}}.',
		custom_variables: ['policy_id', 'price'],
		kb_ids: [],
		whitelisted_domains: [],
		voice_speed: 1.0,
		versions: [
			{ n: 1, slug: 'control', description: 'Current script', call_traffic: 20 },
			{
				n: 2,
				slug: 'discount-first',
				description: 'Leads with the discount',
				call_traffic: 80,
				agent_prompt:
					'Tell @{{callee_name}} about the @{{discount}} discount first, then offer the renewal of policy @{{policy_id}}.',
				custom_variables: ['policy_id', 'discount'],
			},
		],
	},
	{
		id: id('a1a1a1a1', 6),
		agent_display_name: 'Survey Split Test',
		classification_labels: ['rated', 'callback', 'refused'],
		agent_type: 'outbound',
		language: 'en-IN',
		voice_id: VOICES[1].id,
		secondary_language: null,
		secondary_voice_id: null,
		intro_message: 'Hello @{{callee_name}}, a short survey from Acme Solar.',
		agent_prompt: 'Ask @{{callee_name}} to rate the installation from 1 to 5.',
		custom_variables: [],
		kb_ids: [KNOWLEDGE_BASES[1].id],
		whitelisted_domains: [],
		voice_speed: 1.0,
		versions: [
			{ n: 3, slug: 'short', description: 'One question', call_traffic: 50 },
			{
				n: 4,
				slug: 'long',
				description: 'Three questions',
				call_traffic: 50,
				agent_prompt:
					'Ask @{{callee_name}} to rate the installation, the installer @{{installer}} and the app.',
				custom_variables: ['installer'],
			},
		],
	},
	{
		id: id('a1a1a1a1', 7),
		agent_display_name: 'Clinic Router',
		classification_labels: ['appointment_booked', 'callback', 'no_appointment'],
		agent_type: 'inbound',
		orchestration_mode: 'multi_node',
		language: 'en-US',
		voice_id: VOICES[0].id,
		secondary_language: null,
		secondary_voice_id: null,
		intro_message: 'Thank you for calling Sunrise Dental.',
		agent_prompt: null,
		custom_variables: ['callee_name'],
		kb_ids: [KNOWLEDGE_BASES[0].id],
		whitelisted_domains: [],
		voice_speed: 1.0,
		versions: [{ n: 5, slug: 'v1', description: null, call_traffic: 100 }],
	},
];

/** Assistants with history and numbers: the four plain ones (one version each). */
const PLAIN_AGENTS = 4;

const NUMBERS = [
	{
		id: id('c3c3c3c3', 1),
		number: '+14155550100',
		agent_id: AGENTS[0].id,
		is_inbound_enabled: true,
	},
	{
		id: id('c3c3c3c3', 2),
		number: '+919876543210',
		agent_id: AGENTS[1].id,
		is_inbound_enabled: true,
	},
	{
		id: id('c3c3c3c3', 3),
		number: '+14155550101',
		agent_id: null,
		is_inbound_enabled: false,
		number_pool_id: id('c9c9c9c9', 1),
	},
	{
		id: id('c3c3c3c3', 4),
		number: '+971501234567',
		agent_id: AGENTS[3].id,
		is_inbound_enabled: false,
		is_spam: true,
		spam_message: 'Reported as spam by carriers',
	},
	{
		id: id('c3c3c3c3', 5),
		number: '+442071838750',
		agent_id: null,
		is_inbound_enabled: false,
		is_test_number: true,
	},
];

const USERS = [
	{
		id: id('d4d4d4d4', 1),
		username: 'owner',
		email: 'owner@example.com',
		role: 'owner',
		invite_status: 'success',
	},
	{
		id: id('d4d4d4d4', 2),
		username: 'asha',
		email: 'asha@example.com',
		role: 'admin',
		invite_status: 'success',
	},
	{
		id: id('d4d4d4d4', 3),
		username: 'ben',
		email: 'ben@example.com',
		role: 'member',
		invite_status: 'success',
	},
	{
		id: id('d4d4d4d4', 4),
		username: 'chen',
		email: 'chen@example.com',
		role: 'member',
		invite_status: 'pending',
	},
];

/** Contacts of the contact lists; the seeded history calls them. */
const CONTACT_LISTS = [
	{
		id: id('f6f6f6f6', 1),
		name: 'June reminders',
		agent_id: AGENTS[0].id,
		contacts: [
			{ name: 'Alice Moreau', mobile_number: '+14155551001' },
			{ name: 'Bob Stein', mobile_number: '+14155551013' },
			{ name: 'Carla Diaz', mobile_number: '+14155551099' },
			{ name: 'Dan Okafor', mobile_number: '+14155551024' },
			{ name: 'Eve Park', mobile_number: '+14155551035' },
			{ name: 'Farid Haddad', mobile_number: '+14155551046' },
		],
	},
	{
		id: id('f6f6f6f6', 2),
		name: 'Solar leads Pune',
		agent_id: AGENTS[1].id,
		contacts: [
			{ name: 'Gita Rao', mobile_number: '+919812340001' },
			{ name: 'Hari Patel', mobile_number: '+919812340013' },
			{ name: 'Isha Kulkarni', mobile_number: '+919812340022' },
			{ name: 'Jay Shah', mobile_number: '+919812340099' },
		],
	},
	{ id: id('f6f6f6f6', 3), name: 'Empty list', agent_id: AGENTS[2].id, contacts: [] },
];

/** Campaigns with the call counts they report (counts of their own, not of the history). */
const CAMPAIGNS = [
	['Spring check-ups', 'completed', 120, 0, 118],
	['June reminders', 'completed', 6, 0, 6],
	['Solar leads Pune', 'ongoing', 40, 12, 25],
	['Feedback wave 1', 'completed', 300, 0, 296],
	['Feedback wave 2', 'paused', 250, 90, 150],
	['Hotel confirmations', 'scheduled', 80, 80, 0],
	['Win-back', 'failed', 15, 0, 3],
].map(([name, campaign_status, total_count, registered_count, completed_count], n) => ({
	id: id('e5e5e5e5', n + 1),
	name,
	campaign_status,
	total_count,
	registered_count,
	completed_count,
}));

/** The workspace itself; credits_granted minus the cost of every charged call is its balance. */
const WORKSPACE = {
	id: id('09090909', 1),
	name: 'Sandbox Clinic Group',
	credits_granted: 5000,
};

/** Event types an assistant can subscribe a URL to (PATCH /agent/v1 edit_event_subscriptions). */
const EVENT_TYPES = [
	'call_started',
	'call_completed',
	'recording_completed',
	'platform_analysis_completed',
	'client_analysis_completed',
	'all_processing_completed',
];

module.exports = {
	WORKSPACE,
	EVENT_TYPES,
	LANGUAGES,
	VOICES,
	KNOWLEDGE_BASES,
	AGENTS,
	PLAIN_AGENTS,
	NUMBERS,
	USERS,
	CONTACT_LISTS,
	CAMPAIGNS,
	fixtureId: id,
};
