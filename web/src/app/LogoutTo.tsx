import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../components/Loading';
import { useLogout } from '../lib/logout';

/** The guard's "sign out, then go to `to`" (docs/product.md part 4). */
export default function LogoutTo({ to }: { to: string }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout.mutate({}, { onSettled: () => navigate(to, { replace: true }) });
  }, [logout, navigate, to]);
  return <Loading />;
}
