/**
 * The published privacy policy and terms (spec section 1), as the site
 * identity states them: a church adopting the site edits this file. The
 * policy page renders it; no text lives in the component. No React here.
 */
import { siteIdentity } from '../config/site-identity';

const { ministryName, legal, contact } = siteIdentity;

export interface PolicySection {
  title: string;
  /** Paragraphs. */
  body: string[];
  /** An optional bulleted list after the paragraphs. */
  list?: string[];
}

export const privacyPolicy: {
  title: string;
  updated: string;
  /** The unnumbered preface. */
  introduction: PolicySection;
  /** The sixteen numbered sections. */
  sections: PolicySection[];
} = {
  title: 'Privacy Policy',
  updated: 'January 1, 2025',
  introduction: {
    title: 'Introduction',
    body: [
      `Welcome to the website of ${ministryName} ("the ministry", "we", "us"). These terms and this privacy policy explain the conditions under which you may use this site and how we handle the information you share with us.`,
      'Please read them carefully. By using the site you accept them.',
    ],
  },
  sections: [
    {
      title: 'Conditions of use',
      body: [
        'By using this website you confirm that you accept these terms and that you will comply with them. If you do not agree, please do not use the site.',
        'We may update the site and these terms from time to time. The version published on this page is the one that applies.',
      ],
    },
    {
      title: 'Privacy policy',
      body: [
        'We respect your privacy and are committed to protecting the personal information you share with us. This policy describes what we collect, why we collect it and how we keep it safe.',
        'We do not sell or lease your personal information to third parties without your permission, unless we are required to do so by law.',
      ],
    },
    {
      title: 'Age restriction',
      body: [
        `You must be at least ${legal.minimumAge} (eighteen) years old to use this website and to create an account. By using the site you confirm that you are at least ${legal.minimumAge} years of age.`,
      ],
    },
    {
      title: 'Intellectual property',
      body: [
        `The texts, devotionals, images, logos, videos and music published on this site are the property of ${ministryName} or of their authors and are protected by copyright. You may share links to them and quote short passages with attribution, but you may not reproduce or sell them without our written permission.`,
      ],
    },
    {
      title: 'User accounts',
      body: [
        'When you create an account you are responsible for keeping your password confidential and for everything done with your account. Please tell us at once if you believe your account has been used without your permission.',
        'We may terminate accounts, refuse service, and edit or remove content at our discretion, in particular when content or behaviour breaks these terms or harms other members.',
      ],
    },
    {
      title: 'Applicable law',
      body: [
        `By using this website you agree that the laws of the State of ${legal.governingLaw}, United States, without regard to its conflict of law rules, govern these terms and any dispute that may arise between you and the ministry.`,
      ],
    },
    {
      title: 'Disputes',
      body: [
        `Any dispute related in any way to your use of this website shall be brought before the state and federal courts of ${legal.governingLaw}, and you consent to their exclusive jurisdiction and venue.`,
      ],
    },
    {
      title: 'Limitation on liability',
      body: [
        'The ministry is not liable for any damages that may occur to you as a result of your use of this website, to the fullest extent permitted by law. The site is provided "as is", without warranties of any kind.',
      ],
    },
    {
      title: 'Changes to Terms',
      body: [
        'We may change these terms and this policy at any time. When we do, we will tell registered users by electronic mail and publish the new version on this page, with its date.',
      ],
    },
    {
      title: 'User Data We Collect',
      body: ['When you visit the site or create an account, we may collect:'],
      list: [
        'your IP address;',
        'your contact information, such as your name and e-mail address;',
        'information about your interests, such as the pages and devotionals you read;',
        'information about your behaviour on the site, such as how you navigate it.',
      ],
    },
    {
      title: 'How We Use the Data We Collect',
      body: ['We collect this data to:'],
      list: [
        'better understand your needs;',
        'improve our services and the content we publish;',
        'send you promotional e-mails about our events and ministries (you can unsubscribe at any time);',
        'invite you to take part in surveys and give feedback;',
        'customise the website to your interests.',
      ],
    },
    {
      title: 'Safeguarding and Securing the Data',
      body: [
        'We are committed to keeping your data secure. We use technical and organisational measures to protect it from unauthorised access, loss or disclosure: encrypted connections, hashed passwords, and access limited to the people who need it to serve you.',
      ],
    },
    {
      title: 'Our Cookie Policy',
      body: [
        'Cookies are small files a website stores in your browser. We use a cookie to keep you signed in and to remember your preferences, and we may use cookies to understand which pages are visited so that we can improve the site.',
        'You can refuse or delete cookies in your browser settings; some parts of the site, such as signing in, will then not work.',
      ],
    },
    {
      title: 'Links to Other Websites',
      body: [
        'Our website contains links to other websites, such as our podcast, our live stream and our book and music stores. Once you leave our site we are not responsible for the protection of the information you provide on those sites; please read their own privacy policies.',
      ],
    },
    {
      title: 'Restricting the Collection of your Personal Data',
      body: [
        'You may restrict the collection of your personal data at any time: you can decline promotional e-mails when you sign up, unsubscribe from any e-mail we send, or write to us and ask that we stop using your data for promotion.',
        'We will not sell, lease or distribute your personal information to third parties without your permission, unless the law requires us to.',
        'Download your data: from your profile ("Your data", Download my data) you can take everything we keep about you at any time, as a ZIP file: your profile and church details, your photo (also as its own file), your prayers, stories and comments, your likes and "I prayed" marks, the reports you made, your bookings, tickets, gifts and recurring gifts, your newsletter subscription and its consent history, your sessions and passkeys (their names and dates, never their keys), and the activity that concerns you. It never holds passwords or other secrets, nor anything of another member.',
        'Delete your account: from your profile ("Your data", Delete my account), with your password or a one-time code we e-mail you. Your sessions and passkeys end and your photo is deleted; your prayers, stories and comments are deleted or kept without your name, as you choose; your likes and "I prayed" marks are removed; your future tickets are cancelled and refunded as the event\'s cancellation policy allows; your recurring gifts stop, and your past gifts are kept, without your profile, for the church\'s records and the statements the law requires; your newsletter subscription ends. We e-mail you to confirm, and you may sign up again later with the same address as a new member.',
      ],
    },
    {
      title: 'Contact Us',
      body: [
        'If you have any question about these terms or this policy, or wish to exercise your rights over your data, please write to us:',
      ],
      list: [`${ministryName}, ${contact.address}`, `Administrative contact: ${contact.adminEmail}`],
    },
  ],
};
