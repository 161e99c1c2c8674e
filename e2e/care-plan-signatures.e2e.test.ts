import { randomUUID } from 'node:crypto';
import { carePlanAttestation } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { createAs, createNotePatient, input, openAs, pdfLines, ref, useNotesSuite } from './support/notes.ts';
import { saveScreenshot } from './support/web-app.ts';

/**
 * Signatures on a care plan beyond the clinician's (docs/care-plans.md, "Patient signatures",
 * "Co-signature"), in Chromium against the real server: the program's signature configuration asks
 * for the patient's or a related person's signature and, for an unlicensed clinician, a
 * supervisor's co-signature. The clinician signs (over the API), the guardian signs the plan's
 * current revision on the clinician's device in the plan view, and the supervisor finds the plan
 * on the dashboard and co-signs it; the printout shows all three.
 */

const suite = useNotesSuite();

describe("a care plan's patient signature and co-signature", () => {
  it('is signed by the guardian on the view, then co-signed by the supervisor from the dashboard', async () => {
    const { t, practice, tag } = suite;
    // Users of their own: a retried attempt starts from an unsigned plan again.
    const [clinician, supervisor] = await Promise.all([
      t.createUser({ roles: ['Non-Prescribing Clinician'] }),
      t.createUser({ roles: ['Supervisor'] }),
    ]);
    const me = (await t.request('GET', `Practitioners/${clinician.profile.id}`)).body;
    const supervised = await t.request('PUT', `Practitioners/${me.id}`, {
      body: { ...me, supervisors: [{ subject: ref('Practitioner', supervisor.profile.id) }] },
    });
    expect(supervised.status, supervised.text).toBe(200);
    // One configuration for the program: an idempotent retry finds it there already.
    const configs = (await t.request('GET', 'SignatureConfigurations')).body as { name: string }[];
    if (!configs.some((c) => c.name === `Family plans ${tag}`))
      await createAs(t, 'SignatureConfigurations', {
        resourceType: 'SignatureConfiguration',
        name: `Family plans ${tag}`,
        status: 'Active',
        supervisorCoSignature: 'UnlicensedAuthors',
        patientSignature: 'PatientOrRelatedPerson',
        programs: [ref('Program', practice.program)],
      });
    const family = `Signed${tag}${randomUUID().slice(0, 3).toUpperCase()}`;
    const patientId = await createNotePatient(t, practice, family, 'Lena');
    const guardian = await createAs(t, 'RelatedPeople', {
      resourceType: 'RelatedPerson',
      partition: patientId,
      patient: ref('Patient', patientId),
      names: [{ given: ['Rosa'], family: `Guardian${tag}` }],
      isGuardian: true,
    });
    const written = await clinician.client.request('POST', 'CarePlans', {
      body: {
        partition: patientId,
        status: 'Active',
        title: 'Family treatment plan',
        program: ref('Program', practice.program),
        period: { start: '2026-11-02' },
        reviewDate: '2027-02-01',
        careTeam: [clinician.profile],
        elements: [
          { id: 'g1', kind: 'Goal', text: 'Calmer evenings at home', measure: 'GAD-7 below 8' },
          { id: 'g1-o1', kind: 'Objective', parent: 'g1', text: 'Use the agreed bedtime routine five nights a week' },
          { id: 'g1-i1', kind: 'Intervention', parent: 'g1', text: 'Parent coaching, fortnightly' },
        ],
      },
    });
    expect(written.status, written.text).toBe(201);
    const planId = written.body.id as string;
    const signed = await clinician.client.request('POST', `CarePlans/${planId}/sign`, {
      body: { versionId: written.body.meta.versionId, attestationHash: carePlanAttestation(undefined).hash },
    });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.pendingSignatures.map((p: { role: string }) => p.role)).toEqual(['CoSigner', 'Patient']);

    // The clinician hands the device to the guardian on the plan's view.
    const page = await openAs(suite, clinician, `/care-plans/${patientId}/${planId}`);
    const view = page.getByTestId('care-plan-view');
    await view.getByText('Signed, awaiting co-signature').waitFor();
    const card = page.getByTestId('plan-patient-signature');
    await card.getByText(/needs .*'s signature on its current revision/).waitFor();
    // The clinician is not the supervisor: no Co-sign for them.
    await page.getByTestId('plan-cosign').waitFor();
    expect(await page.getByTestId('plan-cosign').getByRole('button', { name: 'Co-sign' }).count()).toBe(0);
    await input(card, 'Who signs').click();
    await page.getByRole('option', { name: new RegExp(`Guardian${tag}`) }).click();
    await card.getByRole('textbox', { name: 'Or type your name to sign' }).fill(`Rosa Guardian${tag}`);
    await card.getByRole('button', { name: 'Sign', exact: true }).click();
    await card.getByText(new RegExp(`^Signed by Guardian${tag}, Rosa \\(related person\\) on this revision`)).waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => {
        const plan = (await clinician.client.request('GET', `CarePlans/${planId}`)).body;
        return plan.signatures.map((s: { role: string }) => s.role).join(',');
      })
      .toBe('Clinician,RelatedPerson');
    const stored = (await clinician.client.request('GET', `CarePlans/${planId}`)).body;
    expect(stored.signatures[1]).toMatchObject({ signer: { id: guardian }, versionId: signed.body.meta.versionId });
    expect(stored.signatures[1].device).toMatch(/Chrom/);
    expect(stored.pendingSignatures.map((p: { role: string }) => p.role)).toEqual(['CoSigner']);
    await view.getByTestId('signature-image').waitFor();
    await saveScreenshot(page, 'care-plan-patient-signature', { keep: true });

    // The supervisor finds it on the dashboard and co-signs it on the plan.
    const desk = await openAs(suite, supervisor, '/');
    const list = desk.getByRole('list', { name: 'Care plans awaiting my co-signature' });
    await list.getByRole('link', { name: new RegExp(family) }).click();
    await desk.waitForURL(new RegExp(`/care-plans/${patientId}/${planId}$`));
    const owed = desk.getByTestId('plan-cosign');
    await owed.getByText(/is not licensed on/).waitFor();
    await desk.getByTestId('signature-image').waitFor();
    await expect.poll(() => desk.getByTestId('care-plan-view').textContent()).not.toContain('…');
    await saveScreenshot(desk, 'care-plan-cosign', { keep: true });
    await owed.getByRole('button', { name: 'Co-sign' }).click();
    const dialog = desk.getByRole('form', { name: 'Co-sign this care plan' });
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Co-sign care plan' }).click();
    await desk.getByTestId('care-plan-view').getByText('Co-signed by the supervisor').waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => {
        const plan = (await clinician.client.request('GET', `CarePlans/${planId}`)).body;
        return plan.signatures.map((s: { role: string }) => s.role).join(',');
      })
      .toBe('Clinician,RelatedPerson,CoSigner');
    expect((await clinician.client.request('GET', `CarePlans/${planId}`)).body.pendingSignatures).toBeUndefined();
    expect(await desk.getByTestId('plan-cosign').count()).toBe(0);

    const cookie = [...clinician.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const printout = await fetch(clinician.client.url(`CarePlans/${planId}/printout`), { headers: { cookie } });
    expect(printout.status).toBe(200);
    const text = pdfLines(Buffer.from(await printout.arrayBuffer())).join('\n');
    expect(text).toMatch(/Related person/);
    expect(text).toMatch(/Co-signing supervisor/);
    expect(text).toContain(`Guardian${tag}, Rosa`);
  });
});
