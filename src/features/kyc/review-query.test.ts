import { describe, expect, it } from 'vitest';
import { listQuery, nextSort, readReviewView, viewSearch } from './review-query';

describe('readReviewView', () => {
  it('keeps what the contract accepts and drops only the bad filter', () => {
    const view = readReviewView({
      q: 771234567,
      kycStatus: 'bogus',
      from: '2025-02-30',
      to: '2025-03-01',
      agent: 'agt-00012',
      region: 'Thiès',
      page: 3,
      pageSize: 30,
      account: 'cus-000123',
    });
    expect(view).toEqual({
      q: '771234567',
      kycStatus: 'pending',
      from: '',
      to: '2025-03-01',
      agent: 'AGT-00012',
      region: 'Thiès',
      sort: 'createdAt',
      dir: 'asc',
      page: 3,
      pageSize: 25,
      account: 'CUS-000123',
    });
  });

  it('puts a reversed date range in order and refuses a malformed account number', () => {
    const view = readReviewView({ from: '2025-03-10', to: '2025-03-01', account: '../etc', sort: 'name' });
    expect(view).toMatchObject({ from: '2025-03-01', to: '2025-03-10', account: '', sort: 'name', dir: 'asc' });
  });
});

describe('viewSearch and listQuery', () => {
  it('writes only what differs from the plain list, and asks the API the list part', () => {
    const view = readReviewView({ kycStatus: 'rejected', page: 2, account: 'CUS-000001' });
    expect(viewSearch(view)).toEqual({ kycStatus: 'rejected', page: 2, account: 'CUS-000001' });
    expect(viewSearch(readReviewView({}))).toEqual({});
    expect(listQuery(view)).toEqual({ kycStatus: 'rejected', page: 2, pageSize: 25, sort: 'createdAt', dir: 'asc' });
    // The plain list is the review queue; every status is a choice the address keeps.
    expect(listQuery(readReviewView({}))).toMatchObject({ kycStatus: 'pending', sort: 'createdAt', dir: 'asc' });
    const all = readReviewView({ kycStatus: 'all' });
    expect(viewSearch(all)).toEqual({ kycStatus: 'all' });
    expect(listQuery(all)).not.toHaveProperty('kycStatus');
    expect(viewSearch({ ...view, sort: 'name', dir: 'asc' })).toMatchObject({ sort: 'name', dir: 'asc' });
  });

  it('turns the sorted column around, and starts a new one in its natural order', () => {
    const view = readReviewView({});
    expect(nextSort(view, 'createdAt')).toEqual({ sort: 'createdAt', dir: 'desc' });
    expect(nextSort(view, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(nextSort({ ...view, sort: 'name', dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'desc' });
  });
});
