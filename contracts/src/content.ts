// Display content of SPEC section 9: the bank list of the affiliate form and the FAQ.

export const NIGERIAN_BANKS = [
  'Access Bank',
  'Citibank Nigeria',
  'Ecobank Nigeria',
  'Fidelity Bank',
  'First Bank of Nigeria',
  'First City Monument Bank (FCMB)',
  'Globus Bank',
  'Guaranty Trust Bank (GTBank)',
  'Heritage Bank',
  'Jaiz Bank',
  'Keystone Bank',
  'Kuda Bank',
  'Opay',
  'Palmpay',
  'Polaris Bank',
  'Providus Bank',
  'Stanbic IBTC Bank',
  'Standard Chartered Bank',
  'Sterling Bank',
  'Union Bank of Nigeria',
  'United Bank for Africa (UBA)',
  'Zenith Bank',
] as const;
export type NigerianBank = (typeof NIGERIAN_BANKS)[number];

export type FaqItem = { question: string; answer: string };

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'What is the minimum allocation?',
    answer:
      'The minimum allocation is 20 acres, which requires ₦70M at wholesale pricing (₦3.5M per acre). You can take up to the full 200 acres, subject to availability across the 10 partner slots.',
  },
  {
    question: 'How long does the acquisition take?',
    answer: 'From commitment to title transfer typically takes 45-60 days. We keep you updated at every stage of the process.',
  },
  {
    question: 'What due diligence materials do I receive?',
    answer:
      'After you reserve a slot we send a complete due-diligence package: title verification, survey plans, environmental assessment, zoning confirmation and a development potential analysis.',
  },
  {
    question: 'What kind of title will I hold?',
    answer:
      'Each partner receives individual title to their allocated acreage, with clear exit rights. You are free to hold, develop or sell your portion.',
  },
  {
    question: 'How are my funds protected?',
    answer:
      'All investor funds are held in a regulated escrow account until title transfer. Funds are only released when your title is ready to be transferred to you.',
  },
  {
    question: 'What happens if the acquisition does not proceed?',
    answer:
      'You receive a full refund if the acquisition does not proceed. There are no fees or penalties for cancellation beyond your control.',
  },
];
