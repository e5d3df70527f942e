import { useQuery } from '@tanstack/react-query';
import { call } from './call';

/** Query keys of the small public reads (categories, community counters). */
export const metaKeys = {
  categories: ['categories'] as const,
  stats: ['stats'] as const,
  statsToday: ['stats', 'today'] as const,
};

export const fetchCategories = () => call('GET /api/categories');
export const fetchCommunityStats = () => call('GET /api/stats');
export const fetchDailyStats = () => call('GET /api/stats/today');

export const useCategories = () => useQuery({ queryKey: metaKeys.categories, queryFn: fetchCategories });
export const useCommunityStats = () => useQuery({ queryKey: metaKeys.stats, queryFn: fetchCommunityStats });
export const useDailyStats = () => useQuery({ queryKey: metaKeys.statsToday, queryFn: fetchDailyStats });
