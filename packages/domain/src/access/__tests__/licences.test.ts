import { describe, expect, it } from 'vitest';
import { aiLicenceKey, botLicenceKey, hasLicence, licenceLabel, seatsLeft } from '../licences.ts';

describe('licence keys', () => {
  it('upper-cases labels and joins words with single underscores', () => {
    expect(licenceLabel('Companies House')).toBe('COMPANIES_HOUSE');
    expect(licenceLabel('  Travel  -  Management ')).toBe('TRAVEL_MANAGEMENT');
    expect(licenceLabel('ocr')).toBe('OCR');
  });

  it('prefixes AI keys with the provider and service (spec §2) and bot keys with BOT_', () => {
    expect(aiLicenceKey('Azure', 'Form Recognizer')).toBe('AI_AZURE_FORM_RECOGNIZER');
    expect(botLicenceKey('Companies House')).toBe('BOT_COMPANIES_HOUSE');
  });

  it('finds a held key ignoring case, and nothing in an absent list', () => {
    expect(hasLicence(['bot_companies_house'], 'BOT_COMPANIES_HOUSE')).toBe(true);
    expect(hasLicence(['BOT_ECOMMERCE'], 'BOT_COMPANIES_HOUSE')).toBe(false);
    expect(hasLicence(undefined, 'BOT_ECOMMERCE')).toBe(false);
    expect(hasLicence([], 'BOT_ECOMMERCE')).toBe(false);
  });
});

describe('seatsLeft', () => {
  it('is unlimited (null) for a kind the tenant sets no limit for', () => {
    expect(seatsLeft({}, 'FULL_USER', 1000)).toBeNull();
    expect(seatsLeft({ USER: 5 }, 'FULL_USER', 3)).toBeNull();
  });

  it('is the limit minus the active users, never below zero', () => {
    expect(seatsLeft({ FULL_USER: 25 }, 'FULL_USER', 24)).toBe(1);
    expect(seatsLeft({ FULL_USER: 25 }, 'FULL_USER', 25)).toBe(0);
    expect(seatsLeft({ FULL_USER: 2 }, 'FULL_USER', 7)).toBe(0);
    expect(seatsLeft({ ADMINISTRATOR: 0 }, 'ADMINISTRATOR', 0)).toBe(0);
  });
});
