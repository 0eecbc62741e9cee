/**
 * Campaign → Create with Call Window in the Callee's Time Zone: a campaign has one
 * call_config zone, so the checked rows become one campaign per zone, each named with its
 * zone and its own key (a row whose zone is unknown was left out by checkContacts).
 */
import { callTimeIn } from '../../../../shared/dialling/callee/zoneFields';
import type { IDataObject } from 'n8n-workflow';
import type { Contacts, MappedVariable } from './contacts';
import { campaignTime } from './schedule';
import type { CreateSettings } from './settings';

type Checked = Contacts & { mapping: MappedVariable[] };

export interface ZonePart {
	zone: string;
	contacts: Checked;
}

/** The rows by zone (checkContacts found each row's), in the order each zone first appears. */
export function splitByZone(contacts: Checked): ZonePart[] {
	const byZone = new Map<string, number[]>();
	for (let k = 0; k < contacts.count; k++) {
		const zone = contacts.zoneOf(k)!;
		const list = byZone.get(zone) ?? [];
		list.push(k);
		byZone.set(zone, list);
	}
	return [...byZone].map(([zone, ks]) => ({
		zone,
		contacts: {
			...contacts,
			count: ks.length,
			cellsOf: (j: number) => contacts.cellsOf(ks[j]),
			rowAt: (j: number) => contacts.rowAt(ks[j]),
			zoneOf: (j: number) => contacts.zoneOf(ks[j]),
			leftOut: [],
		},
	}));
}

/**
 * The settings of one zone's campaign: its name with the zone, the window in that zone,
 * Start and End the same moments written in it.
 */
export function zoneSettings(s: CreateSettings, zone: string): CreateSettings {
	const callTime = s.callConfig.call_time as IDataObject;
	return {
		...s,
		baseName: `${s.baseName} (${zone})`,
		callConfig: { ...s.callConfig, call_time: callTimeIn(callTime, zone) },
		zone,
		startTime: campaignTime(s.startMs, zone, 'up'),
		endTime: campaignTime(s.endMs, zone),
		onceTag: ` ${zone}`,
	};
}
