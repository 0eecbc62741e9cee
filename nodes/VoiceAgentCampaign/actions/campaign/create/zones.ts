/**
 * Campaign → Create with Call Window in the Callee's Time Zone: a campaign has one
 * call_config zone, so the checked rows become one campaign per zone, each named with its
 * zone and its own key; a row whose zone is unknown is left out and reported, never lost.
 */
import { CALLEE_ZONE_LABEL, callTimeIn } from '../../../../shared/calls/zoneFields';
import { calleeZone, type ZoneRule } from '../../../../shared/calls/zones';
import type { IDataObject } from 'n8n-workflow';
import type { Contacts, LeftOutRow, MappedVariable } from './contacts';
import { campaignTime } from './schedule';
import type { CreateSettings } from './settings';

type Checked = Contacts & { mapping: MappedVariable[] };

export interface ZonePart {
	zone: string;
	contacts: Checked;
}

/** The rows by zone, in the order each zone first appears, and the rows with none. */
export function splitByZone(
	contacts: Checked,
	rule: ZoneRule,
): { parts: ZonePart[]; refused: LeftOutRow[] } {
	const byZone = new Map<string, number[]>();
	const refused: LeftOutRow[] = [];
	for (let k = 0; k < contacts.count; k++) {
		const number = contacts.cellsOf(k)[0];
		const row = contacts.rowAt(k);
		const found = calleeZone(number, rule.column ? row.value(rule.column) : undefined, rule);
		if (!found.ok) {
			refused.push({
				item: row.item,
				...(row.line === undefined ? {} : { line: row.line }),
				mobile_number: number,
				field: CALLEE_ZONE_LABEL,
				reason: found.problem,
			});
			continue;
		}
		const list = byZone.get(found.zone) ?? [];
		list.push(k);
		byZone.set(found.zone, list);
	}
	const parts = [...byZone].map(([zone, ks]) => ({
		zone,
		contacts: {
			...contacts,
			count: ks.length,
			cellsOf: (j: number) => contacts.cellsOf(ks[j]),
			rowAt: (j: number) => contacts.rowAt(ks[j]),
			leftOut: [],
		},
	}));
	return { parts, refused };
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
