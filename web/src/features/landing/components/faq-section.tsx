import { faqItemsOf } from '@acres/contracts/faq';
import { useOffer } from '@/lib/use-offer';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { SectionHeading } from '@/components/layout/section-heading';

export function FaqSection() {
  const items = faqItemsOf(useOffer().terms);
  return (
    <section id="faq" data-testid="faq" aria-labelledby="faq-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-5 sm:px-8">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        {/* single + collapsible: one answer open at a time, and the open one can be closed. */}
        <Accordion type="single" collapsible className="mt-10 border-t border-slate-200">
          {items.map((item, index) => (
            <AccordionItem key={item.question} value={`faq-${index}`} data-testid="faq-item">
              <AccordionTrigger>{item.question}</AccordionTrigger>
              <AccordionContent>{item.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </section>
  );
}
