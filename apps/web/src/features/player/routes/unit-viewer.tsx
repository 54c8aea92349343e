// /unit-viewer/:unitId (protected, outside the site layout).
import { useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { playerMessages } from '../../../i18n/player';
import { ApiError } from '../../../lib/api-client';
import { useUnitProgress } from '../api/unit-progress';
import { UnavailableScreen } from '../components/unavailable-screen';
import { UnitViewer } from '../components/unit-viewer';
import { parseRouteId } from '../lib/route-id';

const t = playerMessages.unitUnavailable;

export function Component() {
  const unitId = parseRouteId(useParams().unitId);
  return unitId === null ? <UnitUnavailable /> : <UnitViewerRoute key={unitId} unitId={unitId} />;
}

function UnitUnavailable() {
  return (
    <UnavailableScreen
      title={t.title}
      body={t.body}
      actionHref={paths.myLectures.getHref()}
      actionLabel={t.back}
    />
  );
}

function UnitViewerRoute({ unitId }: { unitId: number }) {
  const query = useUnitProgress(unitId);
  if (query.isPending) return <Spinner fullPage label={t.loading} />;
  if (query.isError) {
    const { error } = query;
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      return <UnitUnavailable />;
    return (
      <UnavailableScreen
        title={t.loadFailed}
        actionHref={paths.myLectures.getHref()}
        actionLabel={t.back}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <UnitViewer unit={query.data} reload={() => void query.refetch()} />;
}
