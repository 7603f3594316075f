import type { BusinessSettingsForm } from '@acres/contracts/settings';
import { useSWRConfig } from 'swr';
import { Card } from '@/components/ui/card';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { PUBLIC_SETTINGS_KEY } from '@/lib/business-settings';
import { ADMIN_SETTINGS_KEY, saveSettings, useAdminSettings } from '../api/settings-api';
import { SettingsForm } from './settings-form';
import { SettingsHistory } from './settings-history';

/** The Settings tab: the escrow account, contacts and office hours, and every change to them. */
export function SettingsPanel() {
  const { data, error } = useAdminSettings();
  const authorization = useAdminAuthorization();
  const { mutate } = useSWRConfig();

  const save = async (values: BusinessSettingsForm) => {
    if (!authorization) return;
    await saveSettings(authorization, values);
    // The site's own copy too, so this tab's banner and the public pages agree at once.
    await Promise.all([mutate(ADMIN_SETTINGS_KEY), mutate(PUBLIC_SETTINGS_KEY)]);
  };

  if (error && !data) return <p className="text-sm text-red-700">The settings could not be loaded. Please try Refresh.</p>;
  if (!data) return <p className="text-sm text-slate-600">Loading settings…</p>;
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]" data-testid="settings-panel">
      <Card className="p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold text-brand-950">Business settings</h2>
        <SettingsForm settings={data.settings} onSave={save} />
      </Card>
      <section aria-labelledby="settings-history-title" className="flex flex-col gap-3">
        <h2 id="settings-history-title" className="text-lg font-semibold text-brand-950">
          Change history
        </h2>
        <SettingsHistory history={data.history} />
      </section>
    </div>
  );
}
