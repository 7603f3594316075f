import type { ApplicationSubmittedData } from '@acres/contracts/events';
import { formatNaira } from '@acres/contracts/money';
import { acresText, emailTo, formatWat, type Draft } from './build.ts';

export const applicationReceived = (application: ApplicationSubmittedData): Draft =>
  emailTo({
    kind: 'application-received',
    to: application.email,
    subject: `Application received: ${application.applicationNumber}`,
    content: {
      heading: 'We received your application',
      greeting: `Dear ${application.firstName} ${application.surname},`,
      blocks: [
        {
          kind: 'paragraph',
          text: 'Your subscription application has been received. Please keep your application number for any enquiry.',
        },
        {
          kind: 'facts',
          rows: [
            ['Application number', application.applicationNumber],
            ['Acres subscribed', acresText(application.acresSubscribed)],
            ['Subscription value', formatNaira(application.subscriptionValue)],
            ['Payment option', application.paymentOption],
            ['Submitted', formatWat(application.submittedAt)],
          ],
        },
        { kind: 'paragraph', text: 'Our team reviews every application and will contact you within 24 hours.' },
      ],
    },
  });

export const adminNewApplication = (application: ApplicationSubmittedData, adminEmail: string): Draft =>
  emailTo({
    kind: 'admin-new-application',
    to: adminEmail,
    subject: `New application ${application.applicationNumber}: ${acresText(application.acresSubscribed)}`,
    content: {
      heading: 'A new application arrived',
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Application number', application.applicationNumber],
            ['Applicant', `${application.firstName} ${application.surname}`],
            ['Email', application.email],
            ['Phone', application.phoneNumber],
            ['Acres', acresText(application.acresSubscribed)],
            ['Value', formatNaira(application.subscriptionValue)],
            ['Submitted', formatWat(application.submittedAt)],
          ],
        },
      ],
    },
  });
