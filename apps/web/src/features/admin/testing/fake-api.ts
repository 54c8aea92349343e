// A fake admin API for component tests: answers by 'METHOD /path', GET /api/Admin/Me is the demo
// admin unless overridden, anything else is a 404. Returns the calls made, to assert on.
import { envelope, stubFetch, type Call } from '../../../../test/fetch';
import { ME } from './fixtures';

type Answer = (call: Call) => Response | Promise<Response>;

/** Each answer is a function of the call, or the `data` of a 200 envelope. */
export function fakeAdminApi(answers: Record<string, unknown>): Call[] {
  return stubFetch((call) => {
    const key = `${call.method} ${call.url.pathname}`;
    const answer = answers[key];
    if (typeof answer === 'function') return (answer as Answer)(call);
    if (answer !== undefined) return envelope(200, null, answer);
    if (key === 'GET /api/Admin/Me') return envelope(200, null, ME);
    return envelope(404, `No fake for ${key}`);
  });
}

/** The calls to one 'METHOD /path'. */
export const callsTo = (calls: Call[], key: string) =>
  calls.filter((call) => `${call.method} ${call.url.pathname}` === key);
