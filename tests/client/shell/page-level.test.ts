/**
 * The top bar's words per page (spec section 2, page shell) and a client's VAT period: the CRM list is a
 * one-level page with its title like the board; 'Back To Home' with no console page behind goes to a page the
 * role may open, never Home for a role without it; a quarterly VAT period without its month says no '-'.
 */
import { describe, expect, it } from 'vitest';
import { backFallback, showsPageTitle } from '../../../client/src/shell/page-level.ts';
import { vatPeriodText } from '../../../client/src/features/clients/model.ts';

describe('page title or Back To Home', () => {
  it('shows the title on one-level pages, the CRM list included', () => {
    expect(showsPageTitle('/crm')).toBe(true);
    expect(showsPageTitle('/crm/list')).toBe(true);
    expect(showsPageTitle('/crm/leads/4')).toBe(false);
    expect(showsPageTitle('/due-diligence/details/4')).toBe(false);
  });

  it("goes back to the page's list when the role may open it, else to the role's first page", () => {
    expect(backFallback('/due-diligence/details/4', 'ADMIN')).toBe('/due-diligence');
    expect(backFallback('/careers/createjob', 'HR_MANAGER')).toBe('/careers');
    // A path no route owns (a deep 404) is not sent to Home for roles without Home.
    expect(backFallback('/nothing/here', 'HR_MANAGER')).toBe('/unsynced-inv');
    expect(backFallback('/nothing/here', 'MARKETING')).not.toBe('/');
  });
});

describe('VAT period', () => {
  it("never says 'first quarter ends in -'", () => {
    expect(vatPeriodText({ vat_period: 'quarterly', vat_first_period_end_month: null })).toBe('Quarterly');
    expect(vatPeriodText({ vat_period: 'quarterly', vat_first_period_end_month: 3 })).toBe('Quarterly, first quarter ends in March');
    expect(vatPeriodText({ vat_period: 'monthly', vat_first_period_end_month: null })).toBe('Monthly');
    expect(vatPeriodText({ vat_period: null, vat_first_period_end_month: null })).toBe('-');
  });
});
