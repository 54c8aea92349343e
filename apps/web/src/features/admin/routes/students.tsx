// Students: search by name, email or phone (in the URL), a page at a time; each opens its record.
import { gradeText } from '../../../components/ui/course-badges';
import { paths } from '../../../config/paths';
import { adminMessages } from '../../../i18n/admin';
import { useAdminStudents } from '../api/students';
import { Ltr } from '../components/admin-table';
import { RowLink } from '../components/paged-table';
import { SearchPage } from '../components/search-page';
import { useListParams } from '../hooks/use-list-params';
import { formatDate } from '../lib/format';

const t = adminMessages.students;

export function Component() {
  const list = useListParams();
  return (
    <SearchPage
      texts={t}
      list={list}
      query={useAdminStudents({ search: list.search, pageNumber: list.page })}
      rows={(page) => page.students}
      head={[t.name, t.email, t.phone, t.grade, t.joined, t.sessions]}
    >
      {(student) => (
        <tr key={student.id}>
          <th scope="row">
            <RowLink to={paths.adminStudent.getHref(student.id)}>{student.name}</RowLink>
          </th>
          <td>
            <Ltr>{student.email}</Ltr>
          </td>
          <td>
            <Ltr>{student.phone}</Ltr>
          </td>
          <td>{gradeText(student.academicYear)}</td>
          <td>{formatDate(student.createdAt)}</td>
          <td>{adminMessages.common.count(student.activeSessions)}</td>
        </tr>
      )}
    </SearchPage>
  );
}
