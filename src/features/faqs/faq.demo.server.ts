/** Demo FAQs: what Indian shoppers and sellers ask first, in Markdown (lists, bold, links). */
import type { DemoSeed } from '../../lib/db/demo-seeds.server.ts';
import { faqs } from './faq.tables.ts';

const CUSTOMER_FAQS: [string, string][] = [
  [
    'How do I return a product?',
    'Open **My Orders**, choose the order and tap **Return**. Most products can be returned within the days shown on the product page; see our [return policy](/help/returns).\n\n- Keep the tags and the original packing.\n- A courier collects it from your address.\n- The refund reaches you within 5–7 working days of the pickup.',
  ],
  [
    'Is Cash on Delivery available?',
    'Yes, for orders up to **₹10,000** in serviceable pincodes. Enter your pincode on the product page to check. Pay the delivery partner in cash or by UPI at the door.',
  ],
  [
    'When will my order arrive?',
    'Metro cities usually get orders in **2–4 days**, other towns in **4–7 days**. You get an SMS with the tracking link as soon as the seller ships.',
  ],
  ['How do I contact support?', 'Write to [support@example.com](mailto:support@example.com) or call us 9 am to 9 pm, all days. Keep your order number handy.'],
];

const VENDOR_FAQS: [string, string][] = [
  [
    'When are payouts made?',
    'Payouts are made **every Tuesday** for orders delivered and past their return window. The amount is the order value less the commission and TDS/TCS under GST rules; see **Payouts** in the menu.',
  ],
  [
    'Do I need a GSTIN to sell?',
    'Yes. Enter your 15-character GSTIN and PAN in **Store setup**. Sellers of only GST-exempt goods can write to [seller support](mailto:sellers@example.com).',
  ],
  [
    'How do I add size charts to my products?',
    'Size charts are managed by the marketplace team. Open **Product Size Charts** to see them, and pick the right one when you add a product.',
  ],
];

export const seedFaqs: DemoSeed = async (tx, { at }) => {
  const rows = [
    ...CUSTOMER_FAQS.map(([question, answer], i) => ({ question, answer, audience: 'customer', sortOrder: i + 1 })),
    ...VENDOR_FAQS.map(([question, answer], i) => ({ question, answer, audience: 'vendor', sortOrder: i + 1 })),
  ];
  await tx.insert(faqs).values(rows.map((r) => ({ ...r, status: 'active', createdAt: at, updatedAt: at })));
};
