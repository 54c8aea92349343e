// /admin itself opens the first section.
import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';

export function Component() {
  return <Navigate to={paths.adminCourses.getHref()} replace />;
}
