/**
 * multipart/form-data bodies (campaign uploads, knowledge bases), built here because the nodes
 * may not depend on a form library. The whole body is written into one buffer sized in
 * advance: a part's content can be a writer that produces its bytes straight into it, so a
 * large CSV is never held twice (once as rows, once as the body).
 */
import { randomBytes } from 'crypto';

/** Content written straight into the body: its exact size first, then its bytes. */
export interface PartWriter {
	byteLength: number;
	/** Writes exactly `byteLength` bytes at `offset`. */
	writeInto(target: Buffer, offset: number): void;
}

export type FormPart =
	| { name: string; value: string }
	| { name: string; filename: string; contentType: string; data: Buffer | PartWriter };

export interface MultipartBody {
	body: Buffer;
	/** The Content-Type header, with its boundary. */
	contentType: string;
}

/** A header value in quotes: quotes, backslashes and line breaks cannot end it early. */
function quoted(value: string): string {
	return `"${value.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function partHeader(boundary: string, part: FormPart): string {
	let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}`;
	if ('filename' in part) {
		head += `; filename=${quoted(part.filename)}\r\nContent-Type: ${part.contentType}`;
	}
	return `${head}\r\n\r\n`;
}

function contentOf(part: FormPart): Buffer | PartWriter {
	return 'filename' in part ? part.data : Buffer.from(part.value, 'utf8');
}

/** The body of a form with these parts, in this order (repeated names stay repeated). */
export function multipartBody(parts: FormPart[]): MultipartBody {
	// 24 random bytes: a boundary that cannot plausibly occur inside a part.
	const boundary = `----VoiceAgentFormBoundary${randomBytes(24).toString('hex')}`;
	const heads = parts.map((part) => Buffer.from(partHeader(boundary, part), 'utf8'));
	const contents = parts.map(contentOf);
	const closing = Buffer.from(`--${boundary}--\r\n`, 'utf8');
	let size = closing.length;
	parts.forEach((_, n) => {
		const content = contents[n];
		size += heads[n].length + (Buffer.isBuffer(content) ? content.length : content.byteLength) + 2;
	});
	const body = Buffer.allocUnsafe(size);
	let offset = 0;
	parts.forEach((_, n) => {
		offset += heads[n].copy(body, offset);
		const content = contents[n];
		if (Buffer.isBuffer(content)) offset += content.copy(body, offset);
		else {
			content.writeInto(body, offset);
			offset += content.byteLength;
		}
		offset += body.write('\r\n', offset, 'utf8');
	});
	offset += closing.copy(body, offset);
	if (offset !== size) throw new Error(`multipart body is ${offset} bytes, expected ${size}`);
	return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
