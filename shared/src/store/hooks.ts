import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './createAppStore';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const useAuth = () => useAppSelector((state) => state.auth);
