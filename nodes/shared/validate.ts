import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isValidTimeZone, parseScheduledTime, type ScheduledTime } from './dateTime';

/**
 * Checks made before any request is sent. Each throws a NodeOperationError naming the
 * field, what is wrong with the value, and the item, so a bad row is easy to find.
 */

export function fieldError(
	node: INode,
	field: string,
	problem: string,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(node, `${field}: ${problem} [item ${itemIndex}]`, {
		itemIndex,
		description: `Fix "${field}" in input item ${itemIndex} and run again. No request was sent for this item.`,
	});
}

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

export const E164_RE = /^\+[1-9]\d{6,14}$/;
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export function requireNonEmpty(
	node: INode,
	field: string,
	value: unknown,
	itemIndex: number,
): string {
	// Only text or a finite number: String() would send an object as "[object Object]".
	if (
		value !== undefined &&
		value !== null &&
		typeof value !== 'string' &&
		!(typeof value === 'number' && Number.isFinite(value))
	) {
		const what = Array.isArray(value)
			? 'a list'
			: typeof value === 'object'
				? 'an object'
				: String(value);
		throw fieldError(node, field, `${what} is not text`, itemIndex);
	}
	const text =
		typeof value === 'string'
			? value.trim()
			: value === undefined || value === null
				? ''
				: String(value);
	if (text === '') throw fieldError(node, field, 'is required', itemIndex);
	return text;
}

export function requireE164(node: INode, field: string, value: unknown, itemIndex: number): string {
	const text = requireNonEmpty(node, field, value, itemIndex);
	if (!E164_RE.test(text)) {
		throw fieldError(
			node,
			field,
			`${show(value)} is not a phone number in international format with country code, e.g. +14155550100`,
			itemIndex,
		);
	}
	return text;
}

export function requireUuid(node: INode, field: string, value: unknown, itemIndex: number): string {
	const text = requireNonEmpty(node, field, value, itemIndex);
	if (!UUID_RE.test(text)) {
		throw fieldError(node, field, `${show(value)} is not a valid ID (UUID expected)`, itemIndex);
	}
	return text;
}

export function requireHhmm(node: INode, field: string, value: unknown, itemIndex: number): string {
	const text = requireNonEmpty(node, field, value, itemIndex);
	if (!HHMM_RE.test(text)) {
		throw fieldError(
			node,
			field,
			`${show(value)} is not a time of day as HH:MM (24-hour), e.g. 09:30`,
			itemIndex,
		);
	}
	return text;
}

export function requireTimeZone(
	node: INode,
	field: string,
	value: unknown,
	itemIndex: number,
): string {
	const text = requireNonEmpty(node, field, value, itemIndex);
	if (!isValidTimeZone(text)) {
		throw fieldError(
			node,
			field,
			`${show(value)} is not an IANA time zone, e.g. Asia/Kolkata`,
			itemIndex,
		);
	}
	return text;
}

/** A future moment, as local date-time in `zone`. */
export function requireFutureTime(
	node: INode,
	field: string,
	value: unknown,
	zone: string,
	itemIndex: number,
	nowMs: number,
): ScheduledTime {
	const parsed = parseScheduledTime(value, zone);
	if (!parsed) {
		throw fieldError(
			node,
			field,
			`${show(value)} is not a date-time (use a date field, ISO 8601 like 2026-12-01T09:30:00+05:30, or a local 2026-12-01T09:30:00)`,
			itemIndex,
		);
	}
	if (parsed.instantMs <= nowMs) {
		throw fieldError(node, field, `${parsed.local} (${zone}) is in the past`, itemIndex);
	}
	return parsed;
}

export function requireInteger(
	node: INode,
	field: string,
	value: unknown,
	itemIndex: number,
	min: number,
	max?: number,
): number {
	const n = typeof value === 'number' ? value : Number(value);
	if (!Number.isInteger(n) || n < min || (max !== undefined && n > max)) {
		const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
		throw fieldError(node, field, `${show(value)} must be a whole number ${range}`, itemIndex);
	}
	return n;
}

/** Parses a JSON object typed by the user; arrays and scalars are refused. */
export function requireJsonObject(
	node: INode,
	field: string,
	value: unknown,
	itemIndex: number,
): Record<string, unknown> {
	let parsed = value;
	if (typeof value === 'string') {
		if (value.trim() === '') return {};
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw fieldError(node, field, `is not valid JSON (${(error as Error).message})`, itemIndex);
		}
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw fieldError(node, field, 'must be a JSON object like {"key": "value"}', itemIndex);
	}
	return parsed as Record<string, unknown>;
}
