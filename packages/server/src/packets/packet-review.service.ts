import {
  PACKET_MESSAGES,
  applyChange,
  badRequest,
  chartRecordOf,
  forbidden,
  getResourceType,
  proposedChanges,
  type AcceptedChange,
  type Answers,
  type ChartRecords,
  type ChartRecordType,
  type Coverage,
  type Issue,
  type PacketResponse,
  type PacketReviewAnswer,
  type PacketReviewBody,
  type Patient,
  type ProposedChange,
  type QuestionnaireResponse,
  type Reference,
  type RelatedPerson,
  type Resource,
  isoInstant,
} from '@caseload/core';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { sentPacket } from './packet-submit.service.ts';
import { PACKET_RESPONSE, QUESTIONNAIRE_RESPONSE, isPortalLogin, packetWorkflowRepository } from './packet-workflow.ts';

const PATIENT = getResourceType('Patient')!;
const RELATED_PERSON = getResourceType('RelatedPerson')!;
const COVERAGE = getResourceType('Coverage')!;

/** The chart records a review compares with: the patient, the guardian who answered, the primary coverage. */
async function chartRecords(repo: ResourceRepository, response: PacketResponse): Promise<ChartRecords> {
  const patient = (await repo.read(PATIENT, response.subject.id)) as Patient;
  const guardian =
    response.recipient.resourceType === 'RelatedPerson'
      ? ((await repo.read(RELATED_PERSON, response.recipient.id)) as RelatedPerson)
      : undefined;
  const coverages = await repo.system.list<Coverage>(COVERAGE, { partition: response.partition });
  const primary = coverages.sort((a, b) => a.order - b.order)[0];
  // The coverage is read as the caller too, so the review's reads are audited like any other.
  const coverage = primary && ((await repo.read(COVERAGE, primary.id)) as Coverage);
  return { Patient: patient, ...(guardian && { RelatedPerson: guardian }), ...(coverage && { Coverage: coverage }) };
}

/** Why an accepted answer cannot be applied, or undefined when it can. */
function refusal(body: PacketReviewBody, i: number, proposals: ProposedChange[], known: Map<string, Set<string>>, records: ChartRecords) {
  const { item, linkId } = body.accept[i]!;
  const path = `accept.${i}`;
  if (!known.has(item)) return { path: `${path}.item`, message: PACKET_MESSAGES.unknownItem(item) };
  if (!known.get(item)!.has(linkId)) return { path: `${path}.linkId`, message: PACKET_MESSAGES.unknownField(linkId) };
  const proposal = proposals.find((p) => p.item === item && p.linkId === linkId);
  if (!proposal) return { path: `${path}.linkId`, message: PACKET_MESSAGES.unanswered(linkId) };
  const target = chartRecordOf(proposal.field);
  if (target !== 'Coverage' && !records[target]) return { path: `${path}.linkId`, message: PACKET_MESSAGES.unanswered(linkId) };
  return undefined;
}

/**
 * Reviews a submitted packet (docs/portal.md, "Review"): the answers the reviewer chose, and only
 * those, are written into the patient's record, the guardian's record and the primary coverage
 * (made when there is none), each through the caller's repository (checked, audited, versioned);
 * every accepted answer is recorded on the packet response with who and when, and it is marked
 * Reviewed. A choice that names no chart field or no answer is a 400 naming it, nothing stored.
 */
export async function reviewPacket(ctx: RepositoryContext, id: string, body: PacketReviewBody): Promise<PacketReviewAnswer> {
  const now = isoInstant(ctx.clock());
  return ctx.db.transaction(async (tx) => {
    const repo = packetWorkflowRepository(tx, ctx);
    const row = await repo.currentForWrite(PACKET_RESPONSE, id, { expectedVersionId: body.versionId });
    // Inside the repository's attempt, so the refusal is audited like any other 403.
    await repo.attempt(PACKET_RESPONSE, 'U', { id }, async () => {
      if (isPortalLogin(ctx)) throw forbidden('a portal login does not review packets');
    });
    const response = row.body as unknown as PacketResponse;
    if (response.status !== 'Submitted') {
      throw badRequest(PACKET_MESSAGES.notSubmitted, [{ path: 'status', message: PACKET_MESSAGES.notSubmitted }]);
    }
    const packet = await sentPacket(repo, response);
    const answersByItem: Record<string, Answers> = {};
    for (const item of packet.forms) {
      const entry = response.responses.find((r) => r.item === item.key);
      if (!entry || !item.chartFields?.length) continue;
      answersByItem[item.key] = ((await repo.read(QUESTIONNAIRE_RESPONSE, entry.response.id)) as QuestionnaireResponse).answers;
    }
    const records = await chartRecords(repo, response);
    const proposals = proposedChanges(packet, answersByItem, records);
    const known = new Map(packet.forms.map((item) => [item.key, new Set((item.chartFields ?? []).map((l) => l.linkId))]));
    const issues = body.accept.map((_, i) => refusal(body, i, proposals, known, records)).filter((x): x is Issue => x !== undefined);
    if (issues.length) throw badRequest(issues.length === 1 ? issues[0]!.message : 'Some accepted answers cannot be applied.', issues);

    const chosen = body.accept.map((a) => proposals.find((p) => p.item === a.item && p.linkId === a.linkId)!);
    const changed: Reference[] = [];
    const accepted: AcceptedChange[] = [];
    for (const type of ['Patient', 'RelatedPerson', 'Coverage'] as ChartRecordType[]) {
      const mine = chosen.filter((p) => chartRecordOf(p.field) === type);
      if (mine.length === 0) continue;
      const record = records[type] as Resource | undefined;
      let fields: Record<string, unknown> = record
        ? { ...record }
        : { resourceType: 'Coverage', partition: response.partition, patient: response.subject, order: 1 };
      for (const p of mine) fields = applyChange(p.field, fields, p.proposed);
      const written = record
        ? await repo.update(getResourceType(type)!, record.id, fields, record.meta.versionId)
        : await repo.create(COVERAGE, fields);
      const target: Reference = { resourceType: type, id: written.resource.id, display: written.resource.display };
      changed.push(target);
      for (const p of mine) accepted.push({ item: p.item, linkId: p.linkId, field: p.field, target, at: now, by: ctx.actor! });
    }
    const next = await repo.writeNextVersion(PACKET_RESPONSE, row, (fields) => ({
      ...fields,
      status: 'Reviewed',
      reviewedAt: now,
      ...(ctx.actor && { reviewedBy: ctx.actor }),
      accepted: [...(response.accepted ?? []), ...accepted],
    }));
    return { packetResponse: next as unknown as PacketResponse, changed };
  });
}
