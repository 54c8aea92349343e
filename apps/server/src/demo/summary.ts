// What the operator needs after start-up: the demo accounts and the codes nobody has used yet. It is
// read back from the database, so it can be printed again on every start.
import { formatCode, normalizeEmail } from '@app/domain';
import type { Db } from '../db/connect';
import { DEMO_ACCOUNTS, DEMO_BATCH_LABEL, DEMO_PASSWORD, type DemoAccountSpec } from './catalogue';

export type DemoSummaryAccount = {
  email: string;
  phone: string;
  password: string;
  name: string;
  role: 'student' | 'admin';
  shows: DemoAccountSpec['shows'];
};

export type DemoSummary = {
  /** True when this call loaded the catalogue; false when the tenant already had courses. */
  created: boolean;
  accounts: DemoSummaryAccount[];
  enrollmentCodes: { courseId: number; courseName: string; grade: string; codes: string[] }[];
  unitCodes: { unitId: number; unitName: string; courseName: string; codes: string[] }[];
};

export async function readDemoSummary(db: Db, tenantId: number, created: boolean): Promise<DemoSummary> {
  const emails = DEMO_ACCOUNTS.map((account) => normalizeEmail(account.email));
  const users = await db
    .selectFrom('users')
    .select(['email', 'phone', 'name', 'role'])
    .where('tenant_id', '=', tenantId)
    .where('email', 'in', emails)
    .execute();
  const accounts = DEMO_ACCOUNTS.flatMap((spec): DemoSummaryAccount[] => {
    const user = users.find((row) => row.email === normalizeEmail(spec.email));
    if (!user) return [];
    return [{ ...user, password: DEMO_PASSWORD, shows: spec.shows }];
  });

  const courseCodes = await db
    .selectFrom('enrollment_codes as ec')
    .innerJoin('courses as c', 'c.id', 'ec.course_id')
    .select(['c.id as courseId', 'c.name as courseName', 'c.grade', 'ec.code'])
    .where('ec.tenant_id', '=', tenantId)
    .where('ec.batch_label', '=', DEMO_BATCH_LABEL)
    .where('ec.used_by', 'is', null)
    .where('ec.disabled_at', 'is', null)
    .orderBy('c.id')
    .orderBy('ec.id')
    .execute();
  const unitCodes = await db
    .selectFrom('unit_codes as uc')
    .innerJoin('units as u', 'u.id', 'uc.unit_id')
    .innerJoin('courses as c', 'c.id', 'u.course_id')
    .select(['u.id as unitId', 'u.name as unitName', 'c.name as courseName', 'uc.code'])
    .where('uc.tenant_id', '=', tenantId)
    .where('uc.batch_label', '=', DEMO_BATCH_LABEL)
    .where('uc.used_by', 'is', null)
    .where('uc.disabled_at', 'is', null)
    .orderBy('u.id')
    .orderBy('uc.id')
    .execute();

  return {
    created,
    accounts,
    enrollmentCodes: groupCodes(
      courseCodes,
      (row) => row.courseId,
      ({ code: _code, ...group }) => group,
    ),
    unitCodes: groupCodes(
      unitCodes,
      (row) => row.unitId,
      ({ code: _code, ...group }) => group,
    ),
  };
}

function groupCodes<Row extends { code: string }, Group>(
  rows: Row[],
  keyOf: (row: Row) => number,
  groupOf: (row: Row) => Group,
): (Group & { codes: string[] })[] {
  const groups = new Map<number, Group & { codes: string[] }>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key) ?? { ...groupOf(row), codes: [] };
    group.codes.push(formatCode(row.code));
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Whether the tenant holds the demo (its accounts or unused demo codes), so there is something to print. */
export function hasDemoContent(summary: DemoSummary): boolean {
  return summary.accounts.length > 0 || summary.enrollmentCodes.length > 0 || summary.unitCodes.length > 0;
}

const RULE = '─'.repeat(72);

/** A readable block for the start-up log and the CLI, in Arabic and English. */
export function formatDemoSummary(summary: DemoSummary): string {
  if (!hasDemoContent(summary)) {
    return 'Demo catalogue not loaded: this tenant already has courses of its own. · لم يُحمَّل المحتوى التجريبي لأن المنصة تحتوي على كورسات بالفعل.\n';
  }
  const lines = [
    RULE,
    summary.created
      ? 'Demo catalogue loaded · تم تحميل المحتوى التجريبي'
      : 'Demo catalogue (already loaded) · المحتوى التجريبي (محمَّل من قبل)',
    RULE,
    `Log in with the email or the phone number, password: ${DEMO_PASSWORD}`,
    `سجّل الدخول بالبريد الإلكتروني أو رقم الهاتف، وكلمة المرور: ${DEMO_PASSWORD}`,
    '',
  ];
  const width = Math.max(...summary.accounts.map((account) => account.email.length));
  for (const account of summary.accounts) {
    lines.push(
      `  ${account.email.padEnd(width)}  ${account.phone}  ${account.role.padEnd(7)}  ${account.shows.en}`,
    );
    lines.push(`  ${' '.repeat(width)}  ${account.shows.ar}`);
  }
  if (summary.enrollmentCodes.length > 0) {
    lines.push('', 'Unused enrolment codes · أكواد الاشتراك غير المستخدمة (Add course by code)');
    for (const group of summary.enrollmentCodes) {
      lines.push(`  course ${group.courseId} · ${group.courseName} · ${group.grade}`);
      lines.push(`    ${group.codes.join('  ')}`);
    }
  }
  if (summary.unitCodes.length > 0) {
    lines.push('', 'Unused unit codes · أكواد المحاضرات غير المستخدمة (Unit code box on the home page)');
    for (const group of summary.unitCodes) {
      lines.push(`  unit ${group.unitId} · ${group.unitName} · ${group.courseName}`);
      lines.push(`    ${group.codes.join('  ')}`);
    }
  }
  lines.push(RULE, '');
  return lines.join('\n');
}
