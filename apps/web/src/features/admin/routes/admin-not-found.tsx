// An /admin address that names no screen: the site's not-found content inside the admin layout.
import { NotFoundContent } from '../../catalogue/components/not-found-content';

export function Component() {
  return <NotFoundContent />;
}
