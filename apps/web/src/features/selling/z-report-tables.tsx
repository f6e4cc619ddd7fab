import type { ZReport } from '@portal/contract/z-report';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import classes from '../../ui/print.module.css';

/** The two tables of a Z report; plain HTML so that screen and paper share them. */
export function ZTables({ report }: { report: ZReport }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  const z = report.totals;
  const priced = z.total_price !== null;
  return (
    <>
      <ZTable
        title={t('selling.z.perProduct')}
        heads={[t('selling.products.product'), t('selling.products.value')]}
        priced={priced}
        rows={z.products.map((p) => ({
          ...p,
          key: `${p.configuration_id}-${p.product_name}-${p.value}`,
          name: p.product_name,
          figure: money(p.value),
        }))}
      />
      <ZTable
        title={t('selling.z.perStaff')}
        heads={[t('selling.sales.soldBy'), t('selling.z.sales')]}
        priced={priced}
        rows={z.staff.map((s) => ({
          ...s,
          key: s.user_id,
          name: s.name ? `${s.name} (${s.username})` : s.username,
          figure: s.sales_count,
        }))}
      />
    </>
  );
}

interface ZRow {
  key: string | number;
  name: string;
  /** What the table counts beside the name: a product's face value, a staff member's sales. */
  figure: string | number;
  quantity: number;
  total_value: string;
  total_price: string | null;
}

/** One table of a Z report: a row per product or staff member with its PINs and totals. */
function ZTable({
  title,
  heads,
  priced,
  rows,
}: {
  title: string;
  heads: [name: string, figure: string];
  priced: boolean;
  rows: ZRow[];
}) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  return (
    <>
      <h3>{title}</h3>
      <table>
        <thead>
          <tr>
            <th>{heads[0]}</th>
            <th className={classes.num}>{heads[1]}</th>
            <th className={classes.num}>{t('selling.z.pins')}</th>
            <th className={classes.num}>{t('selling.z.totalValue')}</th>
            {priced && <th className={classes.num}>{t('selling.z.totalPrice')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{r.name}</td>
              <td className={classes.num}>{r.figure}</td>
              <td className={classes.num}>{r.quantity}</td>
              <td className={classes.num}>{money(r.total_value)}</td>
              {priced && <td className={classes.num}>{r.total_price === null ? '' : money(r.total_price)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
